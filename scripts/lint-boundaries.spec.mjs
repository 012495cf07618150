// The front ends' import boundaries in eslint.config.js, proved on probes: each rule refuses an import at a path in
// the folder it guards, and lets the allowed imports through (docs/architecture.md "Inside each package").
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';
import { FIRST_VIEW_FILES } from '../eslint.config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The repository's configuration, its import rules only, without type information (a probe is in no project). */
const eslint = new ESLint({
  cwd: root,
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports' || ruleId === 'no-restricted-syntax',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

/** The import rules' messages for `source` linted as the file `file` (relative to the repository). */
async function refusals(file, source) {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  expect(result.fatalErrorCount).toBe(0);
  return result.messages.map((message) => message.message);
}

/** Asserts that every import is refused at `file`, with a message containing `reason`. */
async function expectRefused(file, imports, reason) {
  for (const source of imports) {
    const messages = await refusals(file, source);
    expect({ source, messages }).toEqual({
      source,
      messages: expect.arrayContaining([expect.stringContaining(reason)]),
    });
  }
}

/** Asserts that no import rule refuses any of the imports at `file`. */
async function expectAllowed(file, imports) {
  for (const source of imports)
    expect({ source, messages: await refusals(file, source) }).toEqual({ source, messages: [] });
}

const FEATURE = 'A feature does not import another feature';
const LAYOUT_TO_FEATURE = 'layout/ does not import a feature';
const FEATURE_TO_LAYOUT = 'A feature does not import layout/';
const COMMON = 'common/ imports neither layout/ nor a feature';
const FROM_PLATFORM = "Import it from '@site/platform'";
const FIRST_VIEW = 'Runs before the application';

describe('a feature', () => {
  it('should not import another feature, statically or lazily, from any depth, in every remote', async () => {
    await expectRefused(
      'mf-desktop/src/features/home/probe.tsx',
      [
        "import { searchRoute } from '../search/search.route';",
        "import { searchRoute } from '../../features/search/search.route';",
        "export { searchRoute } from '../search/search.route';",
        "const load = () => import('../search/search.route');",
      ],
      FEATURE,
    );
    await expectRefused(
      'mf-desktop/src/features/home/parts/probe.tsx',
      ["import x from '../../about/about.route';"],
      FEATURE,
    );
    await expectRefused('mf-mobile/src/features/home/probe.tsx', ["import x from '../cases/cases.route';"], FEATURE);
    await expectRefused(
      'mf-admin/src/features/cases/probe.tsx',
      ["import { MediaScreen } from '../media/media';"],
      FEATURE,
    );
  });

  it('should import its own folder, common/, the remote root and the shared packages', async () => {
    await expectAllowed('mf-desktop/src/features/home/probe.tsx', [
      "import styles from './home.module.css';",
      "import x from '../home/home.route';",
      "import x from '../../features/home/home.route';",
      "const load = () => import('./home-swiper');",
      "import { CaseGrid } from '../../common/cards';",
      "import { Link } from '@site/platform';",
      "import { MenuId } from '@site/shared-types';",
    ]);
    await expectAllowed('mf-admin/src/features/cases/probe.tsx', ["import { adminApi } from '../../admin-api';"]);
  });
});

describe('layout/ and features/', () => {
  it('should not import each other, statically or lazily', async () => {
    await expectRefused(
      'mf-desktop/src/layout/probe.tsx',
      [
        "import { searchRoute } from '../features/search/search.route';",
        "const load = () => import(/* webpackChunkName: 'x' */ '../features/search/search.route');",
      ],
      LAYOUT_TO_FEATURE,
    );
    await expectRefused(
      'mf-admin/src/layout/probe.tsx',
      ["import { MediaScreen } from '../features/media/media';"],
      LAYOUT_TO_FEATURE,
    );
    await expectRefused(
      'mf-mobile/src/features/home/probe.tsx',
      ["import { TABS } from '../../layout/route-look';", "const load = () => import('../../layout/tab-bar');"],
      FEATURE_TO_LAYOUT,
    );
  });

  it('should share through common/, which imports neither', async () => {
    await expectAllowed('mf-desktop/src/layout/probe.tsx', ["import { SEARCH_PATH } from '../common/search';"]);
    await expectAllowed('mf-mobile/src/features/home/probe.tsx', [
      "import { HOME_PATH } from '../../common/home-path';",
    ]);
    await expectRefused(
      'mf-mobile/src/common/probe.tsx',
      ["import { TABS } from '../layout/route-look';", "import x from '../features/home/home.route';"],
      COMMON,
    );
    await expectAllowed('mf-admin/src/common/probe.tsx', [
      "import { adminApi } from '../admin-api';",
      "import { paging } from './paging';",
    ]);
  });

  it("should let the remote's root (its route tree) import the layout and load the features", async () => {
    await expectAllowed('mf-admin/src/app.tsx', [
      "const load = () => import('./features/media/media');",
      "import { SCREENS } from './layout/screens';",
    ]);
  });
});

describe('a remote', () => {
  const REMOTE = 'does not import another remote';

  it('should not import another remote by package name or by path, nor the shell but through the platform', async () => {
    await expectRefused(
      'mf-desktop/src/probe.tsx',
      [
        "import App from '@site/mf-mobile';",
        "import App from '@site/mf-admin/src/app';",
        "import App from '../../mf-mobile/src/app';",
        "const load = () => import('../../mf-admin/src/app');",
        "import { App } from '../../shell/src/app';",
        "import { api } from '../../shell/platform/src/api';",
      ],
      REMOTE,
    );
    await expectRefused(
      'mf-admin/src/features/cases/probe.tsx',
      ["import x from '../../../../mf-desktop/src/common/cards';"],
      REMOTE,
    );
    await expectRefused(
      'mf-mobile/src/layout/probe.tsx',
      ["import x from '@site/mf-desktop/src/layout/header';"],
      REMOTE,
    );
    await expectAllowed('mf-mobile/src/probe.tsx', ["import { Link } from '@site/platform';"]);
  });

  it('should not be imported by the shell or its platform', async () => {
    for (const file of ['shell/src/probe.tsx', 'shell/src/remotes/probe.tsx', 'shell/platform/src/probe.tsx']) {
      await expectRefused(file, ["import App from '@site/mf-desktop';"], 'The shell does not import a remote');
    }
    await expectRefused(
      'shell/src/remotes/probe.tsx',
      ["import App from '../../../mf-admin/src/app';"],
      'The shell does not import a remote',
    );
  });
});

describe('the first-view script', () => {
  it('should name files that exist (a rule on a moved file would guard nothing)', () => {
    expect(FIRST_VIEW_FILES).toContain('start.ts');
    for (const file of FIRST_VIEW_FILES)
      expect({ file, exists: existsSync(path.join(root, 'shell/src', file)) }).toEqual({ file, exists: true });
  });

  it('should import no shared module, nothing that carries one, and no file of the application', async () => {
    for (const file of ['shell/src/start.ts', 'shell/src/first-view.ts', 'shell/src/index.ts']) {
      await expectRefused(
        file,
        [
          "import { useState } from 'react';",
          "import { createRoot } from 'react-dom/client';",
          "import { jsx } from 'react/jsx-runtime';",
          "import { api } from '@site/platform';",
          "import { compatibilityProblems } from '@site/shared-types/release';",
          "import { Swiper } from 'swiper';",
          "import { onLCP } from 'web-vitals';",
          "import { bootstrap } from './bootstrap';",
          "import { App } from './app';",
          "import { RemoteSlot } from './remotes/remote-slot';",
          "import styles from './shell.module.css';",
        ],
        FIRST_VIEW,
      );
    }
    await expectRefused(
      'shell/src/vitals/reporter.ts',
      ["import { App } from '../app';", "import { useState } from 'react';"],
      FIRST_VIEW,
    );
  });

  it("should import its own files, '@site/shared-types', the scroll animation, and types from anywhere", async () => {
    await expectAllowed('shell/src/start.ts', [
      "import { FIRST_VIEW } from '@site/shared-types';",
      "import { animateScrollTo } from '@site/platform/animate-scroll';",
      "import { hydrationTrigger } from './hydration';",
      "import { scheduleVitals } from './vitals/schedule';",
      "import type { AppStore } from '@site/platform';",
      "import { type ReactNode } from 'react';",
    ]);
    await expectAllowed('shell/src/vitals/schedule.ts', ["import type { SiteStartConfig } from '../hydration';"]);
    await expectAllowed('shell/src/vitals/reporter.ts', ["import { onLCP } from 'web-vitals';"]);
    // The entry reaches the application behind its async boundary, lazily.
    await expectAllowed('shell/src/index.ts', ["const load = () => import('./bootstrap');"]);
  });

  it('should leave the rest of the shell free to use the shared modules', async () => {
    await expectAllowed('shell/src/bootstrap.tsx', [
      "import { hydrateRoot } from 'react-dom/client';",
      "import { createAppStore } from '@site/platform';",
    ]);
  });
});

describe('the platform rule', () => {
  it("should still hold in every front-end file that has boundaries of its own (flat config replaces a rule's options)", async () => {
    for (const file of [
      'mf-desktop/src/probe.tsx',
      'mf-desktop/src/layout/probe.tsx',
      'mf-mobile/src/common/probe.tsx',
      'mf-admin/src/features/cases/probe.tsx',
      'shell/src/probe.tsx',
      'shell/src/hydration.ts',
      'e2e/tests/probe.spec.ts',
    ]) {
      await expectRefused(file, ["import { useNavigate } from 'react-router';"], FROM_PLATFORM);
      await expectAllowed(file, ["import type { NavigateFunction } from 'react-router';"]);
    }
    // Where the router comes from.
    await expectAllowed('shell/platform/src/probe.tsx', ["import { useNavigate } from 'react-router';"]);
  });
});
