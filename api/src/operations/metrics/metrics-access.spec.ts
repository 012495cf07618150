import type { IncomingMessage } from 'node:http';
import { isLoopbackAddress, isLoopbackClient, mayReadMetrics, presentsToken } from './metrics-access.js';

function request(remoteAddress: string, headers: Record<string, string> = {}, ip?: string) {
  return { socket: { remoteAddress }, headers, ip } as unknown as IncomingMessage & { ip?: string };
}

describe('who may read the metrics', () => {
  it('should know the loopback addresses in every spelling, and nothing else', () => {
    for (const address of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1', ' ::1 '])
      expect({ address, loopback: isLoopbackAddress(address) }).toEqual({ address, loopback: true });
    for (const address of ['203.0.113.5', '::ffff:10.0.0.1', '1127.0.0.1', '127.0.0.1.evil', '', 'unknown', undefined])
      expect({ address, loopback: isLoopbackAddress(address) }).toEqual({ address, loopback: false });
  });

  it('should count a forwarded request from elsewhere as not loopback, whichever header names it', () => {
    expect(isLoopbackClient(request('127.0.0.1'))).toBe(true);
    expect(isLoopbackClient(request('::1', { 'x-forwarded-for': '127.0.0.1' }))).toBe(true);
    expect(isLoopbackClient(request('203.0.113.5'))).toBe(false);
    expect(isLoopbackClient(request('127.0.0.1', { 'x-forwarded-for': '203.0.113.5' }))).toBe(false);
    expect(isLoopbackClient(request('127.0.0.1', { 'x-forwarded-for': '127.0.0.1, 203.0.113.5' }))).toBe(false);
    expect(isLoopbackClient(request('127.0.0.1', { 'x-real-ip': '198.51.100.7' }))).toBe(false);
    expect(isLoopbackClient(request('127.0.0.1', { forwarded: 'for="[2001:db8::1]:443";proto=https' }))).toBe(false);
    expect(isLoopbackClient(request('127.0.0.1', { forwarded: 'for=127.0.0.1' }))).toBe(true);
    // TRUST_PROXY resolved the client (req.ip) to another machine.
    expect(isLoopbackClient(request('127.0.0.1', {}, '203.0.113.5'))).toBe(false);
  });

  it('should take the token as a Bearer token only, compared whole', () => {
    const token = 'scrape-token-0123456789';
    expect(presentsToken(request('203.0.113.5', { authorization: `Bearer ${token}` }), token)).toBe(true);
    expect(presentsToken(request('203.0.113.5', { authorization: `bearer ${token}` }), token)).toBe(true);
    for (const authorization of [token, `Bearer ${token}x`, `Bearer ${token.slice(1)}`, 'Bearer', `Basic ${token}`])
      expect({ authorization, ok: presentsToken(request('1.2.3.4', { authorization }), token) }).toEqual({
        authorization,
        ok: false,
      });
  });

  it('should need the token from everyone once one is set, loopback included', () => {
    expect(mayReadMetrics(request('127.0.0.1'), null)).toBe(true);
    expect(mayReadMetrics(request('127.0.0.1'), 'scrape-token-0123456789')).toBe(false);
    expect(
      mayReadMetrics(
        request('203.0.113.5', { authorization: 'Bearer scrape-token-0123456789' }),
        'scrape-token-0123456789',
      ),
    ).toBe(true);
  });
});
