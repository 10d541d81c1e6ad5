import { Alert, Button } from '@turno/ui';
import { useContext } from 'react';
import { RemoteAreaContext } from './context';

export const REMOTE_UNAVAILABLE_MESSAGE =
  'Esta área está temporariamente indisponível. Tente novamente em instantes.';

export function RemoteUnavailable({ label, onRetry }: { label: string; onRetry: () => void }) {
  return (
    <Alert
      tone="warning"
      title={label}
      data-testid="remote-fallback"
      action={
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Tentar novamente
        </Button>
      }
    >
      {REMOTE_UNAVAILABLE_MESSAGE}
    </Alert>
  );
}

/** Default export of the fallback module that the runtime plugin returns for a failed remote. */
export function RemoteLoadFailed() {
  const area = useContext(RemoteAreaContext);
  if (!area) throw new Error('RemoteLoadFailed outside a RemoteArea');
  return <RemoteUnavailable label={area.label} onRetry={area.retry} />;
}
