module.exports = { ...require('../../jest.preset.js'), setupFiles: ['<rootDir>/jest.setup.js'] };
