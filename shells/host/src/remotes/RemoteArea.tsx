import { type RemoteAppProps, type RemoteName, type RemoteSections } from '@turno/contracts';
import { ErrorBoundary, Loading } from '@turno/ui';
import { Suspense, use, useCallback, useMemo, useState } from 'react';
import { useNavigate } from '../router';
import { RemoteAreaContext } from './context';
import { loadRemoteApp } from './load';
import { REMOTE_LABELS } from './labels';
import { RemoteUnavailable } from './RemoteUnavailable';

function RemoteApp({ name, attempt, ...props }: { name: RemoteName; attempt: number } & RemoteAppProps) {
  const { default: App } = use(loadRemoteApp(name, attempt));
  return <App {...props} />;
}

export interface RemoteAreaProps<N extends RemoteName = RemoteName> {
  name: N;
  /**
   * Which part of the remote to show, when one remote serves several places (admin tabs, the
   * restaurant and freelancer tabs of /dashboard/<section>): one of that remote's sections.
   */
  section?: RemoteSections[N];
  /** The path parameters of the place (e.g. the job id of /admin/jobs/:jobId/edit). */
  params?: Readonly<Record<string, string>>;
  /** The area's accessible name and fallback title; the remote's name by default. */
  label?: string;
  /**
   * The height kept for the area from the start (px), so the areas below it do not move while it
   * loads (layout stability: CLS < 0.1); the content may grow past it.
   */
  minHeight?: number;
}

/**
 * Renders a remote's `./App`, loaded at run time, with the host's `navigate`. If the remote is
 * down or crashes, only this area shows a pt-BR fallback with "Tentar novamente"; the rest of the
 * shell keeps working.
 */
export function RemoteArea<N extends RemoteName>({
  name,
  section,
  params,
  label = REMOTE_LABELS[name],
  minHeight,
}: RemoteAreaProps<N>) {
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const context = useMemo(() => ({ name, label, retry }), [name, label, retry]);
  const routerNavigate = useNavigate();
  const navigate = useCallback((to: string) => routerNavigate(to), [routerNavigate]);

  return (
    <RemoteAreaContext value={context}>
      <section
        aria-label={label}
        data-testid={`remote-area-${name}`}
        data-section={section}
        style={minHeight === undefined ? undefined : { minHeight }}
      >
        <ErrorBoundary
          resetKeys={[name, attempt]}
          onError={(error) => console.warn(`[remotes] ${name} failed while rendering`, error)}
          fallback={() => <RemoteUnavailable label={label} onRetry={retry} />}
        >
          <Suspense fallback={<Loading />}>
            <RemoteApp name={name} attempt={attempt} section={section} params={params} navigate={navigate} />
          </Suspense>
        </ErrorBoundary>
      </section>
    </RemoteAreaContext>
  );
}
