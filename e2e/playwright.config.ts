import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';

/**
 * Browser tests against the production build served by the real server (`api/dist/src/main.js`) on a fresh
 * embedded database (support/global-setup.ts). Debian's Chromium only: browsers are never downloaded.
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  // One server, and the release test publishes a new remote build: tests run one at a time.
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  globalSetup: './support/global-setup.ts',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    locale: 'zh-CN',
    trace: 'retain-on-failure',
  },
});
