import chromium from '../chromium.json' with { type: 'json' };

/** Debian's Chromium (apt-get install chromium), with the flags e2e/chromium.json lists and explains. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? chromium.path;

/** Test host names: the main host and the mobile host both resolve to this machine. */
export const MAIN_HOST = 'www.yunfan.test';
export const MOBILE_HOST = 'm.yunfan.test';

export const CHROMIUM_ARGS = [
  ...chromium.args,
  `--host-resolver-rules=MAP ${MAIN_HOST} 127.0.0.1, MAP ${MOBILE_HOST} 127.0.0.1`,
];

export const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
/** WeChat's in-app browser on a phone (the mobile tests' default). */
export const MOBILE_UA = chromium.mobileUserAgent;
/** A phone's own browser, not WeChat's (where a site that registers WeChat sharing starts its code at load). */
export const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
