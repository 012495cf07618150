import { decideStartupRedirect, normalizeHost, type RedirectInput } from './redirect.js';

const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const MOBILE_HOSTS = ['m.yunfan.example.com'];

function decide(host: string, path: string, userAgent: string): string | null {
  const input: RedirectInput = { host, path, userAgent, mobileHosts: MOBILE_HOSTS };
  return decideStartupRedirect(input);
}

describe('decideStartupRedirect', () => {
  describe('on the main host', () => {
    it('should keep the admin path in the back office on any device', () => {
      expect(decide('www.yunfan.example.com', '/admin/', DESKTOP)).toBeNull();
      expect(decide('www.yunfan.example.com', '/admin/index/case', PHONE)).toBeNull();
    });

    it('should send the bare admin path to the login screen', () => {
      expect(decide('www.yunfan.example.com', '/admin', PHONE)).toBe('/admin/');
    });

    it('should send a desktop device on a mobile address to /', () => {
      expect(decide('www.yunfan.example.com', '/move/', DESKTOP)).toBe('/');
      expect(decide('www.yunfan.example.com', '/move/index.html', DESKTOP)).toBe('/');
      expect(decide('www.yunfan.example.com', '/move/details/12.html', DESKTOP)).toBe('/');
    });

    it('should send a desktop device on index.html to /', () => {
      expect(decide('www.yunfan.example.com', '/index.html', DESKTOP)).toBe('/');
    });

    it('should keep a desktop device on desktop pages', () => {
      expect(decide('www.yunfan.example.com', '/', DESKTOP)).toBeNull();
      expect(decide('www.yunfan.example.com', '/items/3.html', DESKTOP)).toBeNull();
      expect(decide('www.yunfan.example.com', '/about.html', DESKTOP)).toBeNull();
    });

    it('should not mistake a path that merely contains "move" for the mobile site', () => {
      expect(decide('www.yunfan.example.com', '/items/remove.html', DESKTOP)).toBeNull();
    });

    it('should send a mobile device on the root to /move/', () => {
      expect(decide('www.yunfan.example.com', '/', PHONE)).toBe('/move/');
      expect(decide('www.yunfan.example.com', '/index.html', PHONE)).toBe('/move/');
    });

    it('should leave a mobile device on other pages where it is', () => {
      expect(decide('www.yunfan.example.com', '/move/case.html', PHONE)).toBeNull();
      expect(decide('www.yunfan.example.com', '/details/5.html', PHONE)).toBeNull();
    });

    it('should treat localhost with a port as the main host', () => {
      expect(decide('localhost:3000', '/', PHONE)).toBe('/move/');
      expect(decide('127.0.0.1:3000', '/move/', DESKTOP)).toBe('/');
    });
  });

  describe('on a mobile host', () => {
    it('should send the root to /move/ on any device', () => {
      expect(decide('m.yunfan.example.com', '/', DESKTOP)).toBe('/move/');
      expect(decide('M.Yunfan.Example.com:8080', '/', PHONE)).toBe('/move/');
    });

    it('should leave other paths alone', () => {
      expect(decide('m.yunfan.example.com', '/move/', DESKTOP)).toBeNull();
      expect(decide('m.yunfan.example.com', '/move/us.html', PHONE)).toBeNull();
    });
  });

  it('should treat every host as main when no mobile host is configured', () => {
    expect(
      decideStartupRedirect({ host: 'm.yunfan.example.com', path: '/', userAgent: DESKTOP, mobileHosts: [] }),
    ).toBeNull();
  });
});

describe('normalizeHost', () => {
  it('should drop the port, a trailing dot and the case', () => {
    expect(normalizeHost('WWW.Example.com:443')).toBe('www.example.com');
    expect(normalizeHost('example.com.')).toBe('example.com');
    expect(normalizeHost('[::1]:3000')).toBe('[::1]');
  });
});
