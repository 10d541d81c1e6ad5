// Shared Jest preset: every package's jest.config.js spreads this.
// TypeScript is compiled by SWC (no type-checking here: `typecheck` does that).
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  // Tests run against real PostgreSQL and Redis, two projects at a time on a 2-core CI machine that
  // may be loaded besides: a test's outcome never depends on time, and this timeout only turns a hang
  // into a failure. A test that takes 20 s on a machine at load 14 is slow, not hung.
  testTimeout: 60_000,
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx', '<rootDir>/test/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};
