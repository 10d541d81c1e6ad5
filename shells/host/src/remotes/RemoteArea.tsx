import { type RemoteName } from '@turno/contracts';
import { ErrorBoundary, Loading } from '@turno/ui';
import { Suspense, use, useCallback, useMemo, useState } from 'react';
import { RemoteAreaContext } from './context';
import { loadRemoteApp } from './load';
import { REMOTE_LABELS } from './labels';
import { RemoteUnavailable } from './RemoteUnavailable';

function RemoteApp({ name, attempt }: { name: RemoteName; attempt: number }) {
  const { default: App } = use(loadRemoteApp(name, attempt));
  return <App />;
}

/**
 * Renders a remote's `./App`, loaded at run time. If the remote is down or crashes, only this
 * area shows a pt-BR fallback with "Tentar novamente"; the rest of the shell keeps working.
 */
export function RemoteArea({ name }: { name: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const context = useMemo(() => ({ name, retry }), [name, retry]);

  return (
    <RemoteAreaContext value={context}>
      <section aria-label={REMOTE_LABELS[name]} data-testid={`remote-area-${name}`}>
        <ErrorBoundary
          resetKeys={[name, attempt]}
          onError={(error) => console.warn(`[remotes] ${name} failed while rendering`, error)}
          fallback={() => <RemoteUnavailable name={name} onRetry={retry} />}
        >
          <Suspense fallback={<Loading />}>
            <RemoteApp name={name} attempt={attempt} />
          </Suspense>
        </ErrorBoundary>
      </section>
    </RemoteAreaContext>
  );
}
