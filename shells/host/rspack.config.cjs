// Host shell build: see libs/build-config. Output in dist/, served by the gateway (:8080).
const { createHostConfig } = require('@turno/build-config');

const { rspack } = require('@rspack/core');

const config = createHostConfig({ dirname: __dirname, name: 'turno_host', port: 8080 });
// The installable app's files (manifest, icons, service worker, offline page), copied as they are.
config.plugins.push(
  new rspack.CopyRspackPlugin({ patterns: [{ from: 'public', globOptions: { ignore: ['**/README.md'] } }] }),
);
// React DOM (with its scheduler) in a script of its own beside main.js: a script's evaluation is one
// task, and React DOM's compile alone is most of main.js's; two scripts keep the first task of every
// page shorter (Lighthouse's Total Blocking Time, issue 24). Its factories still run from main.js.
config.optimization = {
  ...config.optimization,
  splitChunks: {
    cacheGroups: {
      reactDom: {
        test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/,
        name: 'react-dom',
        chunks: 'initial',
        enforce: true,
      },
    },
  },
};
module.exports = config;
