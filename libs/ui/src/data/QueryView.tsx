import { type ReactNode } from 'react';
import { Loading } from '../components/Loading';
import { LoadErrorAlert } from './LoadErrorAlert';
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
    return <LoadErrorAlert detail={query.error.detail} onRetry={query.reload} />;
  }
  return <>{children(query.data)}</>;
}
