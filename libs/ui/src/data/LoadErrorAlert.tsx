import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { LOAD_ERROR_TITLE } from './fetch-bff';

/** A read that failed: "Erro ao carregar dados", the pt-BR detail, and "Tentar novamente". */
export function LoadErrorAlert({ detail, onRetry }: { detail: string | undefined; onRetry: () => void }) {
  return (
    <Alert
      tone="danger"
      title={LOAD_ERROR_TITLE}
      data-testid="load-error"
      action={
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Tentar novamente
        </Button>
      }
    >
      {detail}
    </Alert>
  );
}
