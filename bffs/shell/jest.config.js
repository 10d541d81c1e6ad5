// openid-client and its dependencies (oauth4webapi, jose) are ESM-only: SWC compiles them to
// CommonJS for Jest like our own sources (Node itself loads them natively under tsx).
const preset = require('../../jest.preset.server.js');

module.exports = {
  ...preset,
  transformIgnorePatterns: ['/node_modules/(?!(openid-client|oauth4webapi|jose)/)'],
};
