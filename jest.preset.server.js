// Jest preset of the server-side packages (BFFs): the shared preset, with the imports of packages
// (npm and @turno/*) compiled as lazy requires, loaded when a binding is first used. Each test file
// loads its own copy of the module graph; a BFF's graph holds exporters, PDF fonts, queues and more
// that most files never call, and loading them was about a fifth of these suites' CPU. Relative
// imports and side-effect-only imports stay eager. Not for the React packages (Testing Library's
// DOM and React must load in import order there).
const preset = require('./jest.preset.js');

const [pattern, [transformer, options]] = Object.entries(preset.transform)[0];

/** @type {import('jest').Config} */
module.exports = {
  ...preset,
  transform: {
    [pattern]: [transformer, { ...options, module: { ...options.module, lazy: true } }],
  },
};
