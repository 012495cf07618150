import { clientKey } from './client-info.js';

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
