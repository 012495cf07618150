import { decideStartupRedirect, normalizeHost, redirectLocation, type RedirectInput } from './redirect.js';

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

    it('should send a mobile device on a desktop page to its mobile counterpart', () => {
      expect(decide('www.yunfan.example.com', '/details/54.html', PHONE)).toBe('/move/details/54.html');
      expect(decide('www.yunfan.example.com', '/news/7.html', PHONE)).toBe('/move/news/7.html');
      expect(decide('www.yunfan.example.com', '/items/3.html', PHONE)).toBe('/move/items/3.html');
      expect(decide('www.yunfan.example.com', '/about.html', PHONE)).toBe('/move/zhy.html');
      expect(decide('www.yunfan.example.com', '/webcase/101.html', PHONE)).toBe('/move/case.html');
      expect(decide('www.yunfan.example.com', '/webcase/3.html', PHONE)).toBe('/move/case.html?tab=3');
    });

    it('should leave a mobile device where it is on mobile pages and desktop pages without a counterpart', () => {
      expect(decide('www.yunfan.example.com', '/move/case.html', PHONE)).toBeNull();
      expect(decide('www.yunfan.example.com', '/move/about.html', PHONE)).toBeNull();
      expect(decide('www.yunfan.example.com', '/itemnews.html', PHONE)).toBeNull();
      expect(decide('www.yunfan.example.com', '/items/search.html', PHONE)).toBeNull();
      // Unknown addresses get the desktop not-found page; so does a customer-case id that is no tab.
      expect(decide('www.yunfan.example.com', '/webcase/9.html', PHONE)).toBeNull();
      expect(decide('www.yunfan.example.com', '/nope.html', PHONE)).toBeNull();
      expect(decide('www.yunfan.example.com', '/about/index.html', PHONE)).toBeNull();
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

    it('should send a desktop page with a mobile counterpart to it on any device', () => {
      expect(decide('m.yunfan.example.com', '/details/54.html', DESKTOP)).toBe('/move/details/54.html');
      expect(decide('m.yunfan.example.com', '/about.html', PHONE)).toBe('/move/zhy.html');
    });

    it('should leave other paths alone', () => {
      expect(decide('m.yunfan.example.com', '/move/', DESKTOP)).toBeNull();
      expect(decide('m.yunfan.example.com', '/move/us.html', PHONE)).toBeNull();
      expect(decide('m.yunfan.example.com', '/itemnews.html', PHONE)).toBeNull();
      expect(decide('m.yunfan.example.com', '/admin', DESKTOP)).toBeNull();
    });
  });

  it('should treat every host as main when no mobile host is configured', () => {
    expect(
      decideStartupRedirect({ host: 'm.yunfan.example.com', path: '/', userAgent: DESKTOP, mobileHosts: [] }),
    ).toBeNull();
  });
});

describe('redirectLocation', () => {
  it('should keep the query as it came', () => {
    expect(redirectLocation('/move/', '')).toBe('/move/');
    expect(redirectLocation('/move/', '?from=baidu')).toBe('/move/?from=baidu');
    expect(redirectLocation('/move/details/5.html', 'casemenu=3&utm_source=wx%20qun')).toBe(
      '/move/details/5.html?casemenu=3&utm_source=wx%20qun',
    );
  });

  it("should let the target's own parameters win", () => {
    expect(redirectLocation('/move/case.html?tab=3', '')).toBe('/move/case.html?tab=3');
    expect(redirectLocation('/move/case.html?tab=3', '?tab=5&from=singlemessage')).toBe(
      '/move/case.html?tab=3&from=singlemessage',
    );
    expect(redirectLocation('/move/case.html?tab=3', '?%74ab=5&bad=%E0')).toBe('/move/case.html?tab=3&bad=%E0');
  });
});

describe('normalizeHost', () => {
  it('should drop the port, a trailing dot and the case', () => {
    expect(normalizeHost('WWW.Example.com:443')).toBe('www.example.com');
    expect(normalizeHost('example.com.')).toBe('example.com');
    expect(normalizeHost('[::1]:3000')).toBe('[::1]');
  });
});
