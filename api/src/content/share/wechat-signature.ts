import { createHash, randomBytes } from 'node:crypto';

/** The page address WeChat signs: everything before `#`, otherwise exactly as the page has it. */
export function urlForSignature(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

/**
 * JS-SDK signature: sha1 of `jsapi_ticket=…&noncestr=…&timestamp=…&url=…` (keys in this order, values raw).
 * https://developers.weixin.qq.com/doc/offiaccount/OA_Web_Apps/JS-SDK.html (附录1)
 */
export function signJsapi(input: { ticket: string; nonceStr: string; timestamp: number; url: string }): string {
  const plain = `jsapi_ticket=${input.ticket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${urlForSignature(input.url)}`;
  return createHash('sha1').update(plain, 'utf8').digest('hex');
}

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function createNonce(length = 16): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => NONCE_ALPHABET[b % NONCE_ALPHABET.length]).join('');
}
