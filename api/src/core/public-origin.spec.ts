import type { IncomingMessage } from 'node:http';
import { isAllowedHost, publicOrigin, publicUrlRedirect, type OriginSettings } from './public-origin.js';

const request = (headers: Record<string, string>, method = 'GET', url = '/about.html') =>
  ({ headers, method, url, socket: {} }) as unknown as IncomingMessage;

const settings = (overrides: Partial<OriginSettings> = {}): OriginSettings => ({
  publicUrl: null,
  allowedHosts: ['www.example.com', '.example.cn', 'shop.example.org:8443'],
  mobileHosts: [],
  trustProxy: 0,
  port: 3000,
  ...overrides,
});

describe('isAllowedHost', () => {
  it('should match names on any port, ports exactly, and domains with a leading dot', () => {
    const allowed = settings().allowedHosts;
    expect(isAllowedHost('www.example.com', allowed)).toBe(true);
    expect(isAllowedHost('www.example.com:8080', allowed)).toBe(true);
    expect(isAllowedHost('example.cn', allowed)).toBe(true);
    expect(isAllowedHost('m.example.cn', allowed)).toBe(true);
    expect(isAllowedHost('shop.example.org:8443', allowed)).toBe(true);
    expect(isAllowedHost('shop.example.org', allowed)).toBe(false);
    expect(isAllowedHost('evil.com', allowed)).toBe(false);
    expect(isAllowedHost('notexample.cn', allowed)).toBe(false);
    expect(isAllowedHost('www.example.com.evil.com', allowed)).toBe(false);
    expect(isAllowedHost('www.example.com@evil.com', allowed)).toBe(false);
    expect(isAllowedHost('www.example.com/evil', allowed)).toBe(false);
    expect(isAllowedHost('', allowed)).toBe(false);
  });
});

describe('publicOrigin', () => {
  it('should always be PUBLIC_URL when it is set, whatever the request says', () => {
    const origin = publicOrigin(
      request({ host: 'evil.com', 'x-forwarded-host': 'evil.org', 'x-forwarded-proto': 'https' }),
      settings({ publicUrl: 'https://www.example.com', trustProxy: 1 }),
    );
    expect(origin).toBe('https://www.example.com');
  });

  it("should take an allowed request's own host and protocol", () => {
    expect(publicOrigin(request({ host: 'www.example.com:8080' }), settings())).toBe('http://www.example.com:8080');
    expect(publicOrigin(request({ host: 'localhost:3000' }), settings({ allowedHosts: [] }))).toBe(
      'http://localhost:3000',
    );
    expect(
      publicOrigin(
        request({ host: '10.0.0.5', 'x-forwarded-host': 'm.example.cn', 'x-forwarded-proto': 'https' }),
        settings({ trustProxy: 1 }),
      ),
    ).toBe('https://m.example.cn');
  });

  it('should trust the mobile hosts, but never fall back to one', () => {
    const mobile = settings({ allowedHosts: ['.example.cn'], mobileHosts: ['m.example.com'] });
    expect(publicOrigin(request({ host: 'm.example.com' }), mobile)).toBe('http://m.example.com');
    expect(publicOrigin(request({ host: 'evil.com' }), mobile)).toBe('http://localhost:3000');
  });

  it('should never use a forged host: links go to the first allowed host, or loopback', () => {
    expect(publicOrigin(request({ host: 'evil.com' }), settings())).toBe('http://www.example.com');
    expect(publicOrigin(request({ host: 'evil.com' }), settings({ allowedHosts: [] }))).toBe('http://localhost:3000');
    // X-Forwarded-Host is not read without a trusted proxy, and must be allowed with one.
    expect(publicOrigin(request({ host: 'www.example.com', 'x-forwarded-host': 'evil.com' }), settings())).toBe(
      'http://www.example.com',
    );
    expect(
      publicOrigin(request({ host: 'www.example.com', 'x-forwarded-host': 'evil.com' }), settings({ trustProxy: 1 })),
    ).toBe('http://www.example.com');
    // Nor is X-Forwarded-Proto.
    expect(publicOrigin(request({ host: 'www.example.com', 'x-forwarded-proto': 'https' }), settings())).toBe(
      'http://www.example.com',
    );
  });
});

describe('publicUrlRedirect', () => {
  const on = {
    ...settings({ publicUrl: 'https://www.example.com' }),
    redirect: true,
    mobileHosts: ['m.example.com'],
  };

  it('should move pages asked for on another host to the same address on PUBLIC_URL', () => {
    expect(publicUrlRedirect(request({ host: '203.0.113.9' }, 'GET', '/news/9.html?x=1'), on)).toBe(
      'https://www.example.com/news/9.html?x=1',
    );
    expect(publicUrlRedirect(request({ host: 'example.com' }, 'HEAD', '/'), on)).toBe('https://www.example.com/');
  });

  it('should leave the public host, the mobile hosts, the API, uploads and writes alone', () => {
    expect(publicUrlRedirect(request({ host: 'www.example.com' }), on)).toBeNull();
    expect(publicUrlRedirect(request({ host: 'm.example.com' }), on)).toBeNull();
    expect(publicUrlRedirect(request({ host: '10.0.0.1' }, 'GET', '/api/health'), on)).toBeNull();
    expect(publicUrlRedirect(request({ host: '10.0.0.1' }, 'GET', '/uploads/a.png'), on)).toBeNull();
    expect(publicUrlRedirect(request({ host: '10.0.0.1' }, 'POST', '/api/index'), on)).toBeNull();
  });

  it('should be off unless asked for, and without PUBLIC_URL', () => {
    expect(publicUrlRedirect(request({ host: 'evil.com' }), { ...on, redirect: false })).toBeNull();
    expect(publicUrlRedirect(request({ host: 'evil.com' }), { ...on, publicUrl: null })).toBeNull();
  });
});
