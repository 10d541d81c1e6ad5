import { createInstance, type ModuleFederation } from '@module-federation/runtime';
import * as runtimeCore from '@module-federation/runtime/core';
import { type RemoteAppProps, type RemoteName, type RemotesConfig } from '@turno/contracts';
import * as React from 'react';
import { type ComponentType } from 'react';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import * as JsxRuntime from 'react/jsx-runtime';
import { fetchRemotesConfig } from './config';
import { remoteFallbackPlugin, type RemoteLoadFailure } from './fallback-plugin';
import { RemoteLoadFailed } from './RemoteUnavailable';

/**
 * The Module Federation runtime of the host. This module is loaded (dynamic import) with the
 * first remote area, never on the landing page: the host is built without the federation build
 * plugin and registers its remotes and its React with the runtime itself.
 */

/** The props the host gives a remote's `./App` (libs/contracts). */
export type { RemoteAppProps };

/** What every remote exposes as `./App`. */
export interface RemoteAppModule {
  default: ComponentType<RemoteAppProps>;
}

type SharedOptions = NonNullable<Parameters<typeof createInstance>[0]['shared']>;

const HOST_NAME = 'turno_host';
const FALLBACK_MODULE: RemoteAppModule = { default: RemoteLoadFailed };

/**
 * The remotes are built with `experiments.externalRuntime` (libs/build-config): their
 * remoteEntry.js takes the runtime core from this global instead of bundling a second copy.
 */
const federationGlobal = globalThis as { _FEDERATION_RUNTIME_CORE?: unknown };
federationGlobal._FEDERATION_RUNTIME_CORE ??= runtimeCore;

/** One singleton share of `lib` at the version actually bundled in the host. */
function singleton(lib: object, version: string): SharedOptions[string] {
  return {
    version,
    lib: () => lib,
    scope: 'default',
    shareConfig: { singleton: true, requiredVersion: version },
  };
}

/** React as one singleton: React 19 breaks on any version skew (error #527). */
export const SHARED_REACT: SharedOptions = {
  react: singleton(React, React.version),
  'react/jsx-runtime': singleton(JsxRuntime, React.version),
  'react-dom': singleton(ReactDOM, ReactDOM.version),
  'react-dom/client': singleton(ReactDOMClient, ReactDOM.version),
};

let federation: ModuleFederation | undefined;
let remotesConfig: Promise<RemotesConfig> | undefined;
const appLoads = new Map<string, Promise<RemoteAppModule>>();

function logFailure({ id, remoteName, error }: RemoteLoadFailure): void {
  console.warn(`[remotes] ${remoteName ?? id} is unavailable`, error);
}

function instance(): ModuleFederation {
  federation ??= createInstance({
    name: HOST_NAME,
    remotes: [],
    shared: SHARED_REACT,
    // Remotes are registered at run time (from /remotes.json): reuse what is already loaded.
    shareStrategy: 'loaded-first',
    plugins: [remoteFallbackPlugin(FALLBACK_MODULE, logFailure)],
  });
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
