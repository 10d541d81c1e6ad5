// Admin-ops remote build: see libs/build-config. Output in dist/, served on :3103 in development (remoteEntry.js + mf-manifest.json).
const { createRemoteConfig } = require('@turno/build-config');

module.exports = createRemoteConfig({
  dirname: __dirname,
  name: 'admin_ops',
  exposes: { './App': './src/App.tsx' },
  port: 3103,
});
