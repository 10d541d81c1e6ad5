import { getInstance, init, type ModuleFederation } from '@module-federation/enhanced/runtime';
import { type RemoteName, type RemotesConfig } from '@turno/contracts';
import { type ComponentType } from 'react';
import { fetchRemotesConfig } from './config';
import { remoteFallbackPlugin, type RemoteLoadFailure } from './fallback-plugin';
import { RemoteLoadFailed } from './RemoteUnavailable';

/** What every remote exposes as `./App`. */
export interface RemoteAppModule {
  default: ComponentType;
}

const HOST_NAME = 'turno_host';
const FALLBACK_MODULE: RemoteAppModule = { default: RemoteLoadFailed };

let federation: ModuleFederation | undefined;
let remotesConfig: Promise<RemotesConfig> | undefined;
const appLoads = new Map<string, Promise<RemoteAppModule>>();

function logFailure({ id, remoteName, error }: RemoteLoadFailure): void {
  console.warn(`[remotes] ${remoteName ?? id} is unavailable`, error);
}

/** The instance the build plugin created (it holds the shared React); created here only as a fallback. */
function instance(): ModuleFederation {
  federation ??= getInstance() ?? init({ name: HOST_NAME, remotes: [] });
  return federation;
}

/** Fetches /remotes.json and registers every remote; a failed fetch is retried on the next call. */
function registeredRemotes(): Promise<RemotesConfig> {
  remotesConfig ??= fetchRemotesConfig().then(
    (config) => {
      instance().registerRemotes(config.remotes.map(({ name, entry }) => ({ name, entry })));
      return config;
    },
    (error: unknown) => {
      remotesConfig = undefined;
      throw error;
    },
  );
  return remotesConfig;
}

/** Called once at start: installs the fallback plugin and starts fetching the remotes' list. */
export function setupFederation(): void {
  instance().registerPlugins([remoteFallbackPlugin(FALLBACK_MODULE, logFailure)]);
  registeredRemotes().catch((error: unknown) => console.warn('[remotes] /remotes.json unavailable', error));
}

async function loadApp(name: RemoteName, attempt: number): Promise<RemoteAppModule> {
  const config = await registeredRemotes();
  const remote = config.remotes.find((r) => r.name === name);
  if (!remote) throw new Error(`remote "${name}" is not in /remotes.json`);
  // A retry re-registers the remote, which clears the runtime's caches (manifest, entry script).
  if (attempt > 0) instance().registerRemotes([{ name, entry: remote.entry }], { force: true });
  const module = await instance().loadRemote<RemoteAppModule>(`${name}/App`);
  if (!module || typeof module.default !== 'function')
    throw new Error(`remote "${name}" exposes no ./App component`);
  return module;
}

/**
 * The `./App` of a remote. The promise is cached per attempt so React's `use()` sees a stable
 * promise across renders; a retry asks for the next attempt.
 */
export function loadRemoteApp(name: RemoteName, attempt: number): Promise<RemoteAppModule> {
  const key = `${name}#${attempt}`;
  let load = appLoads.get(key);
  if (!load) {
    load = loadApp(name, attempt);
    appLoads.set(key, load);
  }
  return load;
}
