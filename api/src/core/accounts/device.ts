import UAParser from 'ua-parser-js';

/** What 登录设备 shows when a session's user agent names no known browser or system. */
export const UNKNOWN_DEVICE = '未知设备';

/**
 * A session's browser and system in a few words, from its user agent (docs/behaviour.md#signed-in-devices):
 * `Chrome 131 · Windows 10`, `Mobile Safari 17 · iOS 17.1`; whichever half is known, else {@link UNKNOWN_DEVICE}.
 */
export function describeDevice(userAgent: string): string {
  const { browser, os } = new UAParser(userAgent).getResult();
  const parts = [
    [browser.name, browser.major],
    [os.name, os.version],
  ]
    .filter(([name]) => name)
    .map((words) => words.filter(Boolean).join(' '));
  return parts.length > 0 ? parts.join(' · ') : UNKNOWN_DEVICE;
}
