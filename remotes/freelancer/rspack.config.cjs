// Freelancer remote build: see libs/build-config. Output in dist/, served on :3101 in development (remoteEntry.js + mf-manifest.json).
const { createRemoteConfig } = require('@turno/build-config');

module.exports = createRemoteConfig({
  dirname: __dirname,
  name: 'freelancer',
  exposes: { './App': './src/App.tsx' },
  port: 3101,
});
