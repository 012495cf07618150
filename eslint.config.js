// ESLint flat config: typescript-eslint's recommended rules for every package, Prettier owns formatting.
import { readdirSync } from 'node:fs';
import path from 'node:path';
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

/** Where the router and Redux come from in every front end (shell/platform/src/router.ts, redux.ts). */
const FROM_PLATFORM = "Import it from '@site/platform', whose copy every app shares.";
const PLATFORM_IMPORTS = {
  paths: ['react-router', 'react-router-dom', 'react-redux', '@reduxjs/toolkit'].map((name) => ({
    name,
    message: FROM_PLATFORM,
    allowTypeImports: true,
  })),
  patterns: [{ group: ['@reduxjs/toolkit/*'], message: FROM_PLATFORM, allowTypeImports: true }],
};

/** The remotes: packages of their own, which the shell registers at run time (docs/architecture.md). */
const REMOTES = ['mf-desktop', 'mf-mobile', 'mf-admin'];
const LAYERS = 'docs/architecture.md "Inside each package"';

/** A relative import that climbs (any number of `../`: a file may sit in a subfolder) to one of `names`. */
const climbsTo = (names) => String.raw`^(\.\./)+(${names.join('|')})(/|$)`;
/** An import of one of `names` by package name (`@site/<name>`, a subpath too). */
const packageOf = (names) => String.raw`^@site/(${names.join('|')})(/|$)`;

/**
 * A remote never imports another remote, nor the shell's code but through '@site/platform' (its shared singleton):
 * each is built and released on its own and meets the others only in the page.
 */
function remoteIsolation(remote) {
  const others = REMOTES.filter((name) => name !== remote);
  const message = `${remote} does not import another remote or the shell's code (only '@site/platform'): each is released on its own.`;
  return [
    { regex: packageOf([...others, 'shell']), message },
    { regex: climbsTo([...others, 'shell']), message },
  ];
}

/** The shell and its platform know no remote: the page's pointer registers them at run time. */
const SHELL_ISOLATION = [
  { regex: packageOf(REMOTES), message: 'The shell does not import a remote: the page registers them at run time.' },
  { regex: climbsTo(REMOTES), message: 'The shell does not import a remote: the page registers them at run time.' },
];

/** The feature folders of a remote (`src/features/<page>`), read when ESLint starts. */
function featuresOf(remote) {
  const dir = path.join(import.meta.dirname, remote, 'src', 'features');
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/**
 * A front end's layers (docs/architecture.md "Inside each package"): a feature imports no other feature and not the
 * layout; the layout imports no feature; what both need lives in `common/`, which imports neither.
 */
function remoteLayers(remote) {
  const features = featuresOf(remote);
  const src = `${remote}/src`;
  return [
    {
      files: [`${src}/layout/**/*.{ts,tsx}`],
      refused: [
        {
          regex: climbsTo(['features']),
          message: `layout/ does not import a feature: move what both need to common/ (${LAYERS}).`,
        },
      ],
    },
    {
      files: [`${src}/common/**/*.{ts,tsx}`],
      refused: [
        {
          regex: climbsTo(['features', 'layout']),
          message: `common/ imports neither layout/ nor a feature: they import it (${LAYERS}).`,
        },
      ],
    },
    ...features.map((feature) => {
      const others = features.filter((name) => name !== feature);
      return {
        files: [`${src}/features/${feature}/**/*.{ts,tsx}`],
        refused: [
          {
            regex: climbsTo(['layout']),
            message: `A feature does not import layout/: move what both need to common/ (${LAYERS}).`,
          },
          ...(others.length
            ? [
                {
                  regex: String.raw`^(\.\./)+(features/)?(${others.join('|')})(/|$)`,
                  message: `A feature does not import another feature: move what both need to common/ (${LAYERS}).`,
                },
              ]
            : []),
        ],
      };
    }),
  ];
}

/**
 * The first-view script (`shell/src/start.ts`) and every file it bundles; with them the entry that runs before the
 * application's async boundary (`index.ts`) and the visitor-experience reporter, an entry of the same compiler.
 * That compiler has no federation plugin (`startConfig` in shell/webpack.config.mjs): a module the federation
 * shares (React, React DOM, '@site/platform': `sharedSingletons` in shell/platform/federation.mjs), or anything
 * that imports one, would be bundled here as a private copy, and the few KiB a phone runs first would be the
 * application (docs/decisions.md "First view on phones"). So these files import one another, '@site/shared-types'
 * (constants and pure helpers, bundled) and the platform's scroll animation (a file of its own), nothing else;
 * types from anywhere (they are erased).
 */
export const FIRST_VIEW_FILES = [
  'start.ts',
  'index.ts',
  'first-view.ts',
  'hydration.ts',
  'load-failure.ts',
  'plain-carousels.ts',
  'vitals/schedule.ts',
  'vitals/reporter.ts',
];
const FIRST_VIEW_PACKAGES = ['@site/shared-types', '@site/platform/animate-scroll'];
/** What one of them adds: the reporter carries web-vitals (it is fetched at idle, apart from the script). */
const FIRST_VIEW_OWN_PACKAGES = { 'vitals/reporter.ts': ['web-vitals'] };

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function firstViewImports(file) {
  const here = path.posix.dirname(file);
  const own = FIRST_VIEW_FILES.filter((other) => other !== file).map((other) => {
    const relative = path.posix.relative(here, other.replace(/\.ts$/, ''));
    return relative.startsWith('.') ? relative : `./${relative}`;
  });
  const packages = [...FIRST_VIEW_PACKAGES, ...(FIRST_VIEW_OWN_PACKAGES[file] ?? [])];
  const message =
    `Runs before the application (the first-view script, shell/webpack.config.mjs "startConfig"): it imports only ` +
    `its own files, ${packages.map((name) => `'${name}'`).join(', ')} and types; a shared module (React, ` +
    `'@site/platform'…) would be a private copy here (docs/decisions.md "First view on phones").`;
  const only = (allowed) => `(?!(${allowed.map(escapeRegex).join('|')})$)`;
  return {
    files: [`shell/src/${file}`],
    // A dynamic import() is how the entry reaches the application (`import('./bootstrap')`): only static imports.
    patterns: [
      { regex: `^${only(packages)}[^.]`, message, allowTypeImports: true },
      { regex: `^${only(own)}\\.`, message, allowTypeImports: true },
    ],
  };
}

/**
 * One config object for front-end files: `refused` imports ({ regex, message }) are refused whether static or
 * dynamic (a lazily loaded module is a dependency all the same), beside the platform's singletons (`platform`) and
 * static-only `patterns`. In flat config a later object that sets a rule for a file replaces the earlier one's
 * options, so every front-end object carries all the import rules of its files, and they come from the most general
 * to the most specific (a remote, then its layers; the shell, then its first-view script).
 */
function frontEndImports({ files, ignores, refused = [], patterns = [], platform = true }) {
  // `import()`'s source in a selector: esquery's regex literal cannot hold a `/`.
  const selectorRegex = (regex) => regex.replaceAll('/', String.raw`\x2F`);
  return {
    files,
    ...(ignores ? { ignores } : {}),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...(platform ? { paths: PLATFORM_IMPORTS.paths } : {}),
          patterns: [...(platform ? PLATFORM_IMPORTS.patterns : []), ...refused, ...patterns],
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...refused.map(({ regex, message }) => ({
          selector: `ImportExpression[source.value=/${selectorRegex(regex)}/]`,
          message,
        })),
      ],
    },
  };
}

const frontEndBoundaries = [
  ...REMOTES.flatMap((remote) => [
    frontEndImports({ files: [`${remote}/**/*.{ts,tsx}`], refused: remoteIsolation(remote) }),
    ...remoteLayers(remote).map(({ files, refused }) =>
      frontEndImports({ files, refused: [...remoteIsolation(remote), ...refused] }),
    ),
  ]),
  frontEndImports({ files: ['shell/**/*.{ts,tsx}'], ignores: ['shell/platform/src/**'], refused: SHELL_ISOLATION }),
  // The platform is where the router and Redux come from.
  frontEndImports({ files: ['shell/platform/src/**/*.{ts,tsx}'], refused: SHELL_ISOLATION, platform: false }),
  ...FIRST_VIEW_FILES.map(firstViewImports).map(({ files, patterns }) =>
    frontEndImports({ files, refused: SHELL_ISOLATION, patterns }),
  ),
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
    // The shell's and the remotes' files get them again from `frontEndBoundaries`, with their own rules.
    rules: { 'no-restricted-imports': ['error', PLATFORM_IMPORTS] },
  },
  ...frontEndBoundaries,
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
