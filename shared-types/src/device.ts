import { USER_AGENT_MOBILE_MARKERS } from './constants.js';

const MOBILE_UA = new RegExp(USER_AGENT_MOBILE_MARKERS.map((m) => m.replace(/\s/g, '\\s')).join('|'));

/**
 * docs/behaviour.md#mobile-devices: a device is mobile when its user agent names Android, iPhone, SymbianOS,
 * Windows Phone, iPad or iPod.
 */
export function isMobileUserAgent(userAgent: string | null | undefined): boolean {
  return typeof userAgent === 'string' && MOBILE_UA.test(userAgent);
}
