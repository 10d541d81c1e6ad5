// Shared Jest preset: every package's jest.config.js spreads this.
// TypeScript is compiled by SWC (no type-checking here: `typecheck` does that).
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  // Tests run against real PostgreSQL and Redis, two projects at a time on a 2-core CI machine: a
  // test that takes 5 s under that load is slow, not hung. 20 s still catches a hang.
  testTimeout: 20_000,
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
