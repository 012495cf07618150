import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';

/**
 * Browser tests against the production build served by the real server (`api/dist/src/main.js`). Every worker
 * has its own server on its own fresh embedded database (support/global-setup.ts), so test files run two at a
 * time without seeing each other's writes; the tests within a file run in order.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);

/** These publish remote releases into the build folders every server reads: they run last, one at a time. */
const SHIPPING = ['**/platform/release.spec.ts', '**/ssr/fallback.spec.ts'];
/**
 * These measure how soon a slowed-down page answers a tap (the figures `npm run bench -- taps` collects): they run
 * alone, after the others, so that nothing else competes for the CPU while they measure.
 */
const TIMING = ['**/ssr/first-view.spec.ts'];

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalSetup: './support/global-setup.ts',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    locale: 'zh-CN',
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'site', testIgnore: [...SHIPPING, ...TIMING] },
    { name: 'timing', testMatch: TIMING, dependencies: ['site'], workers: 1 },
    { name: 'shipping', testMatch: SHIPPING, dependencies: ['timing'], workers: 1 },
  ],
});
