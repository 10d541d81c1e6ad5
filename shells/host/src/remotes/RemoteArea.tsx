import { type RemoteName } from '@turno/contracts';
import { ErrorBoundary, Loading } from '@turno/ui';
import { Suspense, use, useCallback, useMemo, useState } from 'react';
import { RemoteAreaContext } from './context';
import { loadRemoteApp } from './load';
import { REMOTE_LABELS } from './labels';
import { RemoteUnavailable } from './RemoteUnavailable';

function RemoteApp({ name, attempt, section }: { name: RemoteName; attempt: number; section?: string }) {
  const { default: App } = use(loadRemoteApp(name, attempt));
  return <App section={section} />;
}

export interface RemoteAreaProps {
  name: RemoteName;
  /** Which part of the remote to show, when one remote serves several places (e.g. admin tabs). */
  section?: string;
  /** The area's accessible name and fallback title; the remote's name by default. */
  label?: string;
}

/**
 * Renders a remote's `./App`, loaded at run time. If the remote is down or crashes, only this
 * area shows a pt-BR fallback with "Tentar novamente"; the rest of the shell keeps working.
 */
export function RemoteArea({ name, section, label = REMOTE_LABELS[name] }: RemoteAreaProps) {
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const context = useMemo(() => ({ name, label, retry }), [name, label, retry]);

  return (
    <RemoteAreaContext value={context}>
      <section aria-label={label} data-testid={`remote-area-${name}`}>
        <ErrorBoundary
          resetKeys={[name, attempt]}
          onError={(error) => console.warn(`[remotes] ${name} failed while rendering`, error)}
          fallback={() => <RemoteUnavailable label={label} onRetry={retry} />}
        >
          <Suspense fallback={<Loading />}>
            <RemoteApp name={name} attempt={attempt} section={section} />
          </Suspense>
        </ErrorBoundary>
      </section>
    </RemoteAreaContext>
  );
}
