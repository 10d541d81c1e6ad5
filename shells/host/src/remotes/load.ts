import { type RemoteName } from '@turno/contracts';
import { type RemoteAppModule } from './federation';

const loads = new Map<string, Promise<RemoteAppModule>>();

/**
 * The `./App` of a remote, through the federation runtime, which is fetched (its own chunk) with
 * the first remote area only. The promise is cached per attempt so React's `use()` sees a stable
 * promise across renders; a retry asks for the next attempt (and a failed chunk is fetched again).
 */
export function loadRemoteApp(name: RemoteName, attempt: number): Promise<RemoteAppModule> {
  const key = `${name}#${attempt}`;
  let load = loads.get(key);
  if (!load) {
    load = import(/* webpackChunkName: "federation" */ './federation').then((federation) =>
      federation.loadRemoteApp(name, attempt),
    );
    loads.set(key, load);
  }
  return load;
}
