module.exports = { ...require('../../jest.preset.server.js') };
