import type { IncomingMessage } from 'node:http';
import { isIPv6 } from 'node:net';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** The caller's address: the one TRUST_PROXY's proxies name, else the connection's. */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? '';
}

/**
 * One key per client for limits held in memory: the address, except that an IPv6 address counts by its /64 (the
 * block one machine or one home usually gets whole, so its other addresses are the same client).
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.toLowerCase().split('%', 1)[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The caller's address (honouring TRUST_PROXY) and user agent. */
export const Client = createParamDecorator((_data: unknown, context: ExecutionContext): ClientInfo => {
  const req = context.switchToHttp().getRequest<Request>();
  return { ip: clientAddress(req), userAgent: req.get('user-agent') ?? '' };
});

/**
 * The caller's address from a raw request, before Express has read it (the page cache runs first), as Express's
 * `trust proxy` with a number of hops reads it: the address that many hops back along `X-Forwarded-For` from the
 * connection's own (or the farthest one given).
 */
export function rawClientAddress(req: IncomingMessage, trustProxy: number): string {
  const socket = req.socket.remoteAddress ?? '';
  if (trustProxy <= 0) return socket;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const chain = [socket, ...forwarded.reverse()];
  return chain[Math.min(trustProxy, chain.length - 1)]!;
}
