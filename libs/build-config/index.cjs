// rspack + Module Federation config factories for the Turno host and remotes.
// Used from each app's rspack.config.cjs; see README.md.
const { rspack } = require('@rspack/core');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');
const { baseConfig } = require('./lib/base.cjs');
const { htmlTemplate } = require('./lib/html.cjs');
const { sharedDependencies } = require('./lib/shared.cjs');

// Remotes are registered at run time (from /remotes.json): reuse what is already loaded instead of
// initialising every registered remote to compare versions.
const SHARE_STRATEGY = 'loaded-first';
// Browser-only builds: leaves the runtime's Node.js loading code out of the bundles.
const EXPERIMENTS = { optimization: { target: 'web' } };

function assertName(name) {
  if (!/^[a-z][a-z0-9_]*$/.test(name || '')) {
    throw new Error(`[build-config] invalid federation name "${name}" (use lower_snake_case)`);
  }
}

/**
 * The host shell: an HTML page, no exposes, remotes registered at run time.
 * @param {{ dirname: string, name: string, port?: number, title?: string }} options
 * @returns {import('@rspack/core').Configuration}
 */
function createHostConfig({ dirname, name, port, title = 'Turno' }) {
  assertName(name);
  const config = baseConfig({ dirname, uniqueName: `turno_${name}` });
  config.plugins.push(
    new rspack.HtmlRspackPlugin({
      templateContent: htmlTemplate({ title }),
      publicPath: '/',
      scriptLoading: 'defer',
    }),
    new ModuleFederationPlugin({
      name,
      remotes: {},
      shared: sharedDependencies(),
      shareStrategy: SHARE_STRATEGY,
      manifest: false,
      dts: false,
      experiments: EXPERIMENTS,
    }),
  );
  if (port) config.devServer = { port, historyApiFallback: true };
  return config;
}

/**
 * A remote: `remoteEntry.js` + `mf-manifest.json`, plus a standalone index.html for development.
 * @param {{ dirname: string, name: string, exposes: Record<string, string>, port?: number, title?: string }} options
 * @returns {import('@rspack/core').Configuration}
 */
function createRemoteConfig({ dirname, name, exposes, port, title }) {
  assertName(name);
  if (!exposes || Object.keys(exposes).length === 0) {
    throw new Error(`[build-config] remote "${name}" exposes nothing`);
  }
  const config = baseConfig({ dirname, uniqueName: `turno_remote_${name}` });
  config.plugins.push(
    new rspack.HtmlRspackPlugin({
      templateContent: htmlTemplate({ title: title || `Turno · ${name}` }),
      publicPath: '/',
      scriptLoading: 'defer',
      chunks: ['main'],
    }),
    new ModuleFederationPlugin({
      name,
      filename: 'remoteEntry.js',
      exposes,
      shared: sharedDependencies(),
      shareStrategy: SHARE_STRATEGY,
      manifest: true, // writes mf-manifest.json
      dts: false,
      experiments: EXPERIMENTS,
    }),
  );
  if (port) config.devServer = { port, headers: { 'Access-Control-Allow-Origin': '*' } };
  return config;
}

module.exports = { createHostConfig, createRemoteConfig, sharedDependencies };
