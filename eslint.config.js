// ESLint flat config: typescript-eslint's recommended rules for every package, Prettier owns formatting.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', '.data/**', '**/.test-data/**', '**/.tsbuild/**'] },
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
    // Nest resolves constructor parameters through emitted decorator metadata, which needs value imports.
    files: ['api/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  prettier,
);
