// Host shell build: see libs/build-config. Output in dist/, served by the gateway (:8080).
const { createHostConfig } = require('@turno/build-config');

module.exports = createHostConfig({ dirname: __dirname, name: 'turno_host', port: 8080 });
