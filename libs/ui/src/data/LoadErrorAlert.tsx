import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { LOAD_ERROR_TITLE } from './fetch-bff';

/**
 * A read that failed: its title ("Erro ao carregar dados" unless the screen names what failed, e.g.
 * "Erro ao carregar vagas", spec 01 §8), the pt-BR detail, and "Tentar novamente".
 */
export function LoadErrorAlert({
  detail,
  onRetry,
  title = LOAD_ERROR_TITLE,
}: {
  detail: string | undefined;
  onRetry: () => void;
  title?: string;
}) {
  return (
    <Alert
      tone="danger"
      title={title}
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
