module.exports = { ...require('../../jest.preset.server.js'), setupFiles: ['<rootDir>/jest.setup.js'] };
