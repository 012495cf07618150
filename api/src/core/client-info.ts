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
