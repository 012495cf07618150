// Jest runs in native-ESM mode (Nest 12 is ESM-only): `node --experimental-vm-modules node_modules/jest/bin/jest.js`.
// @swc/jest strips types without checking them; `tsc -b` (npm run typecheck) is the type check.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'es6' },
  },
];

const common = {
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    '^@site/shared-types$': '<rootDir>/shared-types/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testEnvironment: 'node',
  rootDir: import.meta.dirname,
};

export default {
  // A global option (a project's own testTimeout is ignored), and the only one: a guard against a test that hangs,
  // never a speed limit. A test counts outcomes; a slower or busier machine makes it slower, never red. (An API test
  // file boots the whole application, and some start real server processes, nginx or an S3 server.)
  testTimeout: 300_000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/*/src/**/*.spec.ts',
        '<rootDir>/api/seed/**/*.spec.ts',
        '<rootDir>/shell/platform/src/**/*.spec.ts',
        // The repository's own checks (scripts/: the lint rules' probes), native ES modules.
        '<rootDir>/scripts/**/*.spec.mjs',
      ],
    },
    {
      ...common,
      displayName: 'api',
      testMatch: ['<rootDir>/api/test/**/*.test.ts'],
      globalSetup: '<rootDir>/api/test/support/global-setup.mjs',
      globalTeardown: '<rootDir>/api/test/support/global-teardown.mjs',
    },
  ],
};
