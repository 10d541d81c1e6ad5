const preset = require('../../jest.preset.js');

// The benches' own helpers (bench/open-loop.ts) are tested beside them.
module.exports = { ...preset, testMatch: [...preset.testMatch, '<rootDir>/bench/**/*.test.ts'] };
