import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (`::ffff:127.0.0.1`). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address
    .trim()
    .toLowerCase()
    .replace(/^::ffff:/, '');
  return plain === '::1' || /^127(\.\d{1,3}){3}$/.test(plain);
}

/** Every client address a proxy wrote into the request: `X-Forwarded-For`, `X-Real-IP`, `Forwarded: for=`. */
function forwardedAddresses(req: IncomingMessage): string[] {
  const headerValues = (name: string) => {
    const value = req.headers[name];
    return value === undefined ? [] : Array.isArray(value) ? value : [value];
  };
  const addresses = [
    ...headerValues('x-forwarded-for').flatMap((value) => value.split(',')),
    ...headerValues('x-real-ip'),
  ];
  for (const value of headerValues('forwarded')) {
    for (const match of value.matchAll(/for=("?)\[?([^\]";,\s]*)\]?(?::\d+)?\1/gi)) addresses.push(match[2] ?? '');
  }
  return addresses.map((address) => address.trim());
}

/**
 * A client on this machine: the connection comes from loopback, and so does every address a proxy named. A
 * request a proxy forwarded from anywhere else is not one, whatever TRUST_PROXY says (with TRUST_PROXY=1 Express's
 * `req.ip` is the forwarded address, which is checked too); a proxy that names no client cannot be told apart, so
 * one in front should send X-Forwarded-For, or set METRICS_TOKEN.
 */
export function isLoopbackClient(req: IncomingMessage & { ip?: string }): boolean {
  if (!isLoopbackAddress(req.socket.remoteAddress)) return false;
  if (req.ip !== undefined && !isLoopbackAddress(req.ip)) return false;
  return forwardedAddresses(req).every(isLoopbackAddress);
}

/** `Authorization: Bearer <token>`, compared in constant time. */
export function presentsToken(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return false;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  if (!match) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]!), digest(token));
}

/** Without a token: loopback clients only. With one: whoever presents it, and no one else. */
export function mayReadMetrics(req: IncomingMessage & { ip?: string }, token: string | null): boolean {
  return token === null ? isLoopbackClient(req) : presentsToken(req, token);
}
