import type { IncomingMessage } from 'node:http';
import { clientAddress, visitorNetwork } from './client-info.js';

const request = (remoteAddress: string, forwarded?: string) =>
  ({
    socket: { remoteAddress },
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
  }) as unknown as IncomingMessage;

describe('clientAddress', () => {
  it('should read the connection without proxies, whatever X-Forwarded-For says', () => {
    expect(clientAddress(request('203.0.113.9', '198.51.100.1'), 0)).toBe('203.0.113.9');
  });

  it('should go back as many hops as there are proxies, like Express', () => {
    expect(clientAddress(request('10.0.0.2', '198.51.100.1, 203.0.113.7'), 1)).toBe('203.0.113.7');
    expect(clientAddress(request('10.0.0.2', '198.51.100.1, 203.0.113.7'), 2)).toBe('198.51.100.1');
    // Fewer addresses than proxies: the farthest one given.
    expect(clientAddress(request('10.0.0.2', '198.51.100.1'), 3)).toBe('198.51.100.1');
    expect(clientAddress(request('10.0.0.2'), 1)).toBe('10.0.0.2');
  });
});

describe('visitorNetwork', () => {
  it('should keep an IPv4 address whole, also when written as IPv6', () => {
    expect(visitorNetwork('203.0.113.9')).toBe('203.0.113.9');
    expect(visitorNetwork('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('should take the /64 of an IPv6 address, however it is written', () => {
    const network = '2001:db8:85a3:0';
    expect(visitorNetwork('2001:db8:85a3::8a2e:370:7334')).toBe(network);
    expect(visitorNetwork('2001:0db8:85a3:0000:1111:2222:3333:4444')).toBe(network);
    expect(visitorNetwork('2001:DB8:85A3::1')).toBe(network);
    expect(visitorNetwork('::1')).toBe('0:0:0:0');
    expect(visitorNetwork('2001:db8::')).toBe('2001:db8:0:0');
  });
});
