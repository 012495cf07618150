/** Browser tests (Playwright driving Debian's Chromium) arrive with the front-end issues. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
