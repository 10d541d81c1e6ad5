// Restaurant remote build: see libs/build-config. Output in dist/, served on :3102 in development (remoteEntry.js + mf-manifest.json).
const { createRemoteConfig } = require('@turno/build-config');

module.exports = createRemoteConfig({
  dirname: __dirname,
  name: 'restaurant',
  exposes: { './App': './src/App.tsx' },
  port: 3102,
});
