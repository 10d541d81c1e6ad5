import { type ModuleFederationRuntimePlugin } from '@module-federation/runtime';

export interface RemoteLoadFailure {
  /** The requested module, e.g. "restaurant/App" (or the manifest URL for early failures). */
  id: string;
  remoteName: string | undefined;
  error: unknown;
}

/**
 * Module Federation runtime plugin: when a remote cannot be loaded (manifest 404, connection
 * refused, remoteEntry or chunk that fails to load or throws), `loadRemote` resolves to
 * `fallbackModule` instead of rejecting, so the shell renders a fallback in that area only.
 *
 * Only the final `onLoad` stage is answered: at `afterResolve` the hook's answer would be taken as
 * the manifest itself, and at `beforeLoadShare` as a remote entry.
 */
export function remoteFallbackPlugin(
  fallbackModule: unknown,
  onFailure?: (failure: RemoteLoadFailure) => void,
): ModuleFederationRuntimePlugin {
  return {
    name: 'turno-remote-fallback',
    errorLoadRemote(args) {
      if (args.lifecycle !== 'onLoad') return undefined;
      onFailure?.({ id: args.id, remoteName: args.remote?.name, error: args.error });
      return fallbackModule;
    },
  };
}
