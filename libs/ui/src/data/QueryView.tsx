import { type ReactNode } from 'react';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Loading } from '../components/Loading';
import { LOAD_ERROR_TITLE } from './fetch-bff';
import { type BffQuery } from './useBffQuery';

export interface QueryViewProps<T> {
  query: BffQuery<T>;
  children: (data: T) => ReactNode;
  loadingLabel?: string;
}

/** The three states of a BFF query: "Carregando...", a pt-BR error with retry, or the data. */
export function QueryView<T>({ query, children, loadingLabel }: QueryViewProps<T>) {
  if (query.status === 'loading') return <Loading label={loadingLabel} />;
  if (query.status === 'error') {
    return (
      <Alert
        tone="danger"
        title={LOAD_ERROR_TITLE}
        data-testid="load-error"
        action={
          <Button variant="secondary" size="sm" onClick={query.reload}>
            Tentar novamente
          </Button>
        }
      >
        {query.error.detail}
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}
