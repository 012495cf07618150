// ESLint flat config: typescript-eslint's recommended rules for every package, Prettier owns formatting.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The API's areas from the top down (docs/architecture.md "API areas"): a file imports its own area and the areas
 * below it, never one above. Inside delivery/ its folders follow the same rule.
 */
const API_AREAS = ['operations', 'delivery', 'database', 'content', 'core', 'config'];
const DELIVERY_FOLDERS = ['publishing', 'cache', 'pages', 'seo', 'reads', 'releases'];
/** main.ts, the application module and setup, and the commands beside them: nothing imports them. */
const API_TOP = String.raw`^(\.\./)+(main|workers|app\.module|app\.setup|[a-z-]+-command)\.js$`;

/** An import of one of `folders` through any number of `../` (the areas are siblings, so is a folder). */
const upTo = (folders) => String.raw`^(\.\./)+(${folders.join('|')})/`;

function apiBoundary(files, above, where) {
  const message = `${where} does not import this: the API's areas import one way (docs/architecture.md "API areas").`;
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...(above.length ? [{ regex: upTo(above), message }] : []), { regex: API_TOP, message }] },
      ],
    },
  };
}

const apiBoundaries = [
  ...API_AREAS.filter((area) => area !== 'delivery').map((area) =>
    apiBoundary([`api/src/${area}/**/*.ts`], API_AREAS.slice(0, API_AREAS.indexOf(area)), `api/src/${area}/`),
  ),
  ...DELIVERY_FOLDERS.map((folder, index) =>
    apiBoundary(
      [`api/src/delivery/${folder}/**/*.ts`],
      [...API_AREAS.slice(0, API_AREAS.indexOf('delivery')), ...DELIVERY_FOLDERS.slice(0, index)],
      `api/src/delivery/${folder}/`,
    ),
  ),
  {
    // The seed's demo content is data for the seeder, which imports it; it never imports the server.
    files: ['api/seed/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: String.raw`^(\.\./)+src/`, message: 'The seed does not import the server.' }] },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      '.data/**',
      '**/.test-data/**',
      '**/.tsbuild/**',
      // A declaration file beside a script (no tsconfig covers scripts/): nothing to lint.
      'scripts/*.d.mts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    // Browser packages and their build configs.
    files: ['shell/**/*.{ts,tsx}', 'mf-*/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // One router and one react-redux: they come from '@site/platform' (shell/platform/src/router.ts, redux.ts),
    // whose copy every app shares; a second copy would have contexts of its own. Types may be imported anywhere.
    files: ['shell/**/*.{ts,tsx}', 'mf-*/**/*.{ts,tsx}', 'e2e/**/*.{ts,tsx}'],
    ignores: ['shell/platform/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react-router', 'react-router-dom', 'react-redux', '@reduxjs/toolkit'].map((name) => ({
            name,
            message: "Import it from '@site/platform', whose copy every app shares.",
            allowTypeImports: true,
          })),
          patterns: [
            {
              group: ['@reduxjs/toolkit/*'],
              message: "Import it from '@site/platform', whose copy every app shares.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // Type-aware rules that find real faults: a promise nobody awaits or catches (an unhandled rejection crashes
    // the server; a lost one hides a failure), and a promise passed where a plain callback is expected.
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // An async event handler in JSX is React's own pattern (its result is ignored by design); elsewhere a
      // promise where a plain callback is expected is a fault.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  ...apiBoundaries,
  {
    // Nest resolves constructor parameters through emitted decorator metadata, which needs value imports.
    files: ['api/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  prettier,
);
