// rspack + Module Federation config factories for the Turno host and remotes.
// Used from each app's rspack.config.cjs; see README.md.
const { rspack } = require('@rspack/core');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');
const { baseConfig } = require('./lib/base.cjs');
const { BundleGraphPlugin } = require('./lib/bundle-graph-plugin.cjs');
const { htmlTemplate } = require('./lib/html.cjs');
const { sharedDependencies } = require('./lib/shared.cjs');

// Remotes are registered at run time (from /remotes.json): reuse what is already loaded instead of
// initialising every registered remote to compare versions.
const SHARE_STRATEGY = 'loaded-first';
// Browser-only builds: leaves the runtime's Node.js loading code out of the bundles.
// externalRuntime: a remote's remoteEntry.js takes the federation runtime core from the page
// (`globalThis._FEDERATION_RUNTIME_CORE`, set by the host's runtime) instead of bundling a second
// copy of it (about 18 KB gzip per remote).
const REMOTE_EXPERIMENTS = { optimization: { target: 'web' }, externalRuntime: true };

function assertName(name) {
  if (!/^[a-z][a-z0-9_]*$/.test(name || '')) {
    throw new Error(`[build-config] invalid federation name "${name}" (use lower_snake_case)`);
  }
}

/**
 * The host shell: an HTML page and a plain React app, without the federation build plugin. The
 * landing page needs no federation at all; the host registers its remotes (from /remotes.json)
 * and its React with `@module-federation/runtime`, in a chunk loaded with the first remote area
 * (shells/host/src/remotes/federation.ts).
 * @param {{ dirname: string, name: string, port?: number, title?: string, description?: string }} options
 * @returns {import('@rspack/core').Configuration}
 */
function createHostConfig({ dirname, name, port, title = 'Turno', description }) {
  assertName(name);
  const config = baseConfig({ dirname, uniqueName: `turno_${name}` });
  config.plugins.push(
    new rspack.HtmlRspackPlugin({
      templateContent: htmlTemplate({ title, description }),
      publicPath: '/',
      scriptLoading: 'defer',
    }),
    // The runtime's own switches (what the build plugin defines in a federated build): browser
    // only, so its Node.js loading code is left out.
    new rspack.DefinePlugin({ ENV_TARGET: JSON.stringify('web'), FEDERATION_DEBUG: JSON.stringify('') }),
    new BundleGraphPlugin(),
  );
  if (port) config.devServer = { port, historyApiFallback: true };
  return config;
}

/**
 * A remote: `remoteEntry.js` + `mf-manifest.json` and hashed chunks, nothing else. Its federation
 * runtime core comes from the host (`experiments.externalRuntime`), so a remote has no standalone
 * page of its own: it runs inside the host.
 * @param {{ dirname: string, name: string, exposes: Record<string, string>, port?: number }} options
 * @returns {import('@rspack/core').Configuration}
 */
function createRemoteConfig({ dirname, name, exposes, port }) {
  assertName(name);
  if (!exposes || Object.keys(exposes).length === 0) {
    throw new Error(`[build-config] remote "${name}" exposes nothing`);
  }
  const config = baseConfig({ dirname, uniqueName: `turno_remote_${name}` });
  // The only entry is the container (remoteEntry.js), added by the plugin.
  config.entry = {};
  config.plugins.push(
    new ModuleFederationPlugin({
      name,
      filename: 'remoteEntry.js',
      exposes,
      shared: sharedDependencies(),
      shareStrategy: SHARE_STRATEGY,
      manifest: true, // writes mf-manifest.json
      dts: false,
      experiments: REMOTE_EXPERIMENTS,
    }),
  );
  // dist/bundle-graph.json: the files of each named chunk group (a remote's lazy sections), so the
  // budget can count the section a remote's first screen opens (budget.test.cjs).
  config.plugins.push(new BundleGraphPlugin());
  if (port) config.devServer = { port, headers: { 'Access-Control-Allow-Origin': '*' } };
  return config;
}

module.exports = { createHostConfig, createRemoteConfig, sharedDependencies };
