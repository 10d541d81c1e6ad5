// Host shell build: see libs/build-config. Output in dist/, served by the gateway (:8080).
const { createHostConfig } = require('@turno/build-config');

const { rspack } = require('@rspack/core');

const config = createHostConfig({ dirname: __dirname, name: 'turno_host', port: 8080 });
// The installable app's files (manifest, icons, service worker, offline page), copied as they are.
config.plugins.push(
  new rspack.CopyRspackPlugin({ patterns: [{ from: 'public', globOptions: { ignore: ['**/README.md'] } }] }),
);
module.exports = config;
