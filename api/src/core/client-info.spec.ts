import type { IncomingMessage } from 'node:http';
import { clientKey, rawClientAddress } from './client-info.js';

const request = (remoteAddress: string, forwarded?: string) =>
  ({
    socket: { remoteAddress },
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
  }) as unknown as IncomingMessage;

describe('clientKey', () => {
  it('should keep an IPv4 address as it is, also when written as IPv4-mapped IPv6', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('should count an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:0:12::/64';
    for (const address of [
      '2001:db8:0:12::1',
      '2001:db8::12:0:0:0:ffff',
      '2001:0db8:0000:0012:abcd:ef01:2345:6789',
      '2001:DB8:0:12:1:2:3:4',
      '2001:db8:0:12::9%eth0',
    ]) {
      expect(clientKey(address)).toBe(key);
    }
    expect(clientKey('2001:db8:0:13::1')).not.toBe(key);
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });

  it('should leave anything else as it is', () => {
    expect(clientKey('')).toBe('');
    expect(clientKey('not an address')).toBe('not an address');
  });
});

describe('rawClientAddress', () => {
  it('should read the connection without proxies, whatever X-Forwarded-For says', () => {
    expect(rawClientAddress(request('203.0.113.9', '198.51.100.1'), 0)).toBe('203.0.113.9');
  });

  it('should go back as many hops as there are proxies, like Express', () => {
    expect(rawClientAddress(request('10.0.0.2', '198.51.100.1, 203.0.113.7'), 1)).toBe('203.0.113.7');
    expect(rawClientAddress(request('10.0.0.2', '198.51.100.1, 203.0.113.7'), 2)).toBe('198.51.100.1');
    // Fewer addresses than proxies: the farthest one given.
    expect(rawClientAddress(request('10.0.0.2', '198.51.100.1'), 3)).toBe('198.51.100.1');
    expect(rawClientAddress(request('10.0.0.2'), 1)).toBe('10.0.0.2');
  });
});
