import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * One public origin (docs/decisions.md "One origin for every absolute address"): a forged `Host` or `X-Forwarded-Host` never reaches
 * a link of a page, cached or not; with PUBLIC_URL every link is on it, and PUBLIC_URL_REDIRECT moves pages there.
 */
const MOBILE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50';
const FORGED = ['evil.example', 'attacker.test:8080'];

/** The page's links to itself: canonical, alternates, Open Graph and microdata, its configuration's origin. */
const ownLinks = (html: string) =>
  [
    ...html.matchAll(
      /(?:rel="(?:canonical|alternate)"[^>]*? href|(?:property="og:(?:url|image)"|itemprop="image") content|"origin":)=?"([^"]+)"/g,
    ),
  ].map((m) => m[1]!);

describe('without PUBLIC_URL', () => {
  let t: TestApp;
  let pages: string[];
  beforeAll(async () => {
    // Only a domain entry: a forged host's links fall back to this machine's loopback address.
    t = await createTestApp({ MOBILE_HOSTS: 'm.yunfan.test', TRUST_PROXY: '1', ALLOWED_HOSTS: '.yunfan.test' });
    const [news] = await t.sql<{ id: number }>('SELECT id FROM news ORDER BY id LIMIT 1');
    const [item] = await t.sql<{ id: number }>('SELECT id FROM "case" ORDER BY id LIMIT 1');
    pages = ['/', '/about.html', `/news/${news!.id}.html`, `/details/${item!.id}.html`, '/items/3.html'];
  });
  afterAll(() => t.close());

  it('should make links on an allowed host from the request', async () => {
    const res = await t.http.get('/about.html').set('Host', 'www.yunfan.test:8080');
    expect(res.text).toContain('<link rel="canonical" href="http://www.yunfan.test:8080/about.html" />');
    const proxied = await t.http
      .get('/about.html')
      .set('Host', '10.0.0.7')
      .set('X-Forwarded-Host', 'www.yunfan.test')
      .set('X-Forwarded-Proto', 'https');
    expect(proxied.text).toContain('<link rel="canonical" href="https://www.yunfan.test/about.html" />');
  });

  it('should keep a forged Host or X-Forwarded-Host out of every link, on desktop and mobile pages', async () => {
    for (const forged of FORGED) {
      for (const route of pages) {
        // Twice each: the second answer comes from the published-content cache.
        for (let round = 0; round < 2; round++) {
          const direct = await t.http.get(route).set('Host', forged);
          const proxied = await t.http.get(route).set('Host', 'www.yunfan.test').set('X-Forwarded-Host', forged);
          const phone = await t.http.get(route).set('Host', forged).set('User-Agent', MOBILE_UA).redirects(1);
          for (const res of [direct, proxied, phone]) {
            expect(res.status).toBeLessThan(500);
            expect(res.text).not.toContain(forged.split(':')[0]);
            expect(res.headers.location ?? '').not.toContain(forged.split(':')[0]);
          }
          // Links go to the fixed fallback instead (no ALLOWED_HOSTS entry without a leading dot here: loopback).
          for (const res of [direct, proxied]) {
            const links = ownLinks(res.text);
            expect(links.length).toBeGreaterThanOrEqual(3);
            expect(links.filter((link) => !link.startsWith('http://localhost:'))).toEqual([]);
          }
        }
      }
    }
  });
});

describe('with PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MOBILE_HOSTS: 'm.yunfan.test', PUBLIC_URL: 'https://www.yunfan.test', TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it('should put every link on PUBLIC_URL, whatever the request says', async () => {
    for (const route of ['/move/index.html', '/about.html']) {
      // (A mobile host sends desktop pages to their mobile counterparts: the desktop page is asked on the main one.)
      const res = await t.http
        .get(route)
        .set('Host', route.startsWith('/move/') ? 'm.yunfan.test' : 'www.yunfan.test')
        .set('X-Forwarded-Host', 'evil.example')
        .set('User-Agent', route.startsWith('/move/') ? MOBILE_UA : 'Mozilla/5.0');
      expect(res.status).toBe(200);
      expect(res.text).not.toContain('evil.example');
      const links = ownLinks(res.text);
      expect(links.length).toBeGreaterThanOrEqual(3);
      expect(links.filter((link) => !/^https:\/\/www\.yunfan\.test(\/|$)/.test(link))).toEqual([]);
      expect(res.text).toContain('"origin":"https://www.yunfan.test"');
    }
  });

  it('should not move anything unless PUBLIC_URL_REDIRECT says so', async () => {
    expect((await t.http.get('/about.html').set('Host', '203.0.113.9')).status).toBe(200);
  });
});

describe('with PUBLIC_URL_REDIRECT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      MOBILE_HOSTS: 'm.yunfan.test',
      PUBLIC_URL: 'https://www.yunfan.test',
      PUBLIC_URL_REDIRECT: 'true',
      TRUST_PROXY: '1',
    });
  });
  afterAll(() => t.close());

  it('should move pages asked for on another host there with a 301', async () => {
    const moved = await t.http.get('/news/9.html?from=ip').set('Host', '203.0.113.9');
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe('https://www.yunfan.test/news/9.html?from=ip');
    const forwarded = await t.http.get('/').set('Host', 'www.yunfan.test').set('X-Forwarded-Host', 'evil.example');
    expect(forwarded.status).toBe(301);
    expect(forwarded.headers.location).toBe('https://www.yunfan.test/');
  });

  it('should serve the public host, the mobile hosts, the API and uploads where they are asked for', async () => {
    expect((await t.http.get('/about.html').set('Host', 'www.yunfan.test')).status).toBe(200);
    const mobile = await t.http.get('/').set('Host', 'm.yunfan.test').set('User-Agent', MOBILE_UA);
    expect(mobile.status).not.toBe(301);
    expect(mobile.headers.location ?? '').not.toMatch(/^https:\/\/www\.yunfan\.test/);
    const health = await t.http.get('/api/health').set('Host', '10.0.0.9');
    expect(health.status).toBe(200);
    const api = await t.http.get('/api/header').set('Host', '10.0.0.9');
    expect(api.body.code).toBe(0);
  });
});
