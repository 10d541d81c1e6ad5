// Admin-billing remote build: see libs/build-config. Output in dist/, served on :3104 in development (remoteEntry.js + mf-manifest.json).
const { createRemoteConfig } = require('@turno/build-config');

module.exports = createRemoteConfig({
  dirname: __dirname,
  name: 'admin_billing',
  exposes: { './App': './src/App.tsx', './RestaurantInvoices': './src/RestaurantInvoices.tsx' },
  port: 3104,
});
