import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import type { Request } from 'express';

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** The caller's address (honouring TRUST_PROXY) and user agent. */
export const Client = createParamDecorator((_data: unknown, context: ExecutionContext): ClientInfo => {
  const req = context.switchToHttp().getRequest<Request>();
  return { ip: req.ip ?? req.socket.remoteAddress ?? '', userAgent: req.get('user-agent') ?? '' };
});

/**
 * The caller's address from a raw request, as Express's `trust proxy` with a number of hops reads it: the address
 * that many hops back along `X-Forwarded-For` from the connection's own (or the farthest one given).
 */
export function clientAddress(req: IncomingMessage, trustProxy: number): string {
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

/**
 * The network a visitor reaches us from, as far as it tells visitors apart: an IPv4 address, or the /64 an IPv6
 * address is in (one household or phone holds a whole /64).
 */
export function visitorNetwork(address: string): string {
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (!plain.includes(':')) return plain;
  const [head = '', tail] = plain.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':');
}
