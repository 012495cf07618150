import type { NewsDetail } from '@site/shared-types';
import { XSS_VECTORS, DANGEROUS_MARKUP } from '../support/xss-corpus.js';
import { ADMIN_CALLS } from '../support/admin-calls.js';
import { adminCall, login } from '../support/admin-session.js';
import { ok } from '../support/envelope.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t);
});
afterAll(() => t.close());

describe('rich text saved through the API', () => {
  it('should store and serve every XSS vector of the corpus harmless', async () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(50);
    const content = XSS_VECTORS.map((vector) => `<p>前</p>${vector}<p>后</p>`).join('\n');
    const created = ok<{ id: number }>(
      await adminCall(t, token, '/api/amendnews', { id: 0, title: 'XSS 语料', dynamic_id: 1, content }),
    );
    const [stored] = await t.sql<{ content: string }>('SELECT content FROM news WHERE id = $1', [created.id]);
    const served = ok<NewsDetail>(await t.http.post('/api/itemnewscut').send({ case: created.id, state: 0 }));
    for (const html of [stored!.content, served.content]) {
      for (const pattern of DANGEROUS_MARKUP) expect(html).not.toMatch(pattern);
      expect(html).toContain('<p>前</p>');
    }
  });
});

describe('security headers', () => {
  it('should send helmet headers and a CSP that lets the site load its own scripts and images', async () => {
    const res = await t.http.get('/api/header');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toMatch(/img-src 'self' data: https:/);
  });

  it('should answer no CORS headers by default (cross-site browser calls are refused)', async () => {
    const res = await t.http.post('/api/keyswords').set('Origin', 'https://evil.example.com');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.http
      .options('/api/login')
      .set('Origin', 'https://evil.example.com')
      .set('Access-Control-Request-Method', 'POST');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('should allow exactly the origins listed in CORS_ORIGINS', async () => {
    const open = await createTestApp({ CORS_ORIGINS: 'https://m.yunfan.example.com' });
    try {
      const allowed = await open.http.post('/api/keyswords').set('Origin', 'https://m.yunfan.example.com');
      expect(allowed.headers['access-control-allow-origin']).toBe('https://m.yunfan.example.com');
      const other = await open.http.post('/api/keyswords').set('Origin', 'https://evil.example.com');
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await open.close();
    }
  });
});

describe('GET /api/docs', () => {
  it('should serve the OpenAPI page and describe every public and admin call', async () => {
    const page = await t.http.get('/api/docs/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('swagger');
    const spec = await t.http.get('/api/docs/openapi.json');
    expect(spec.status).toBe(200);
    const paths = Object.keys(spec.body.paths as object);
    const publicCalls = [
      '/api/keyswords',
      '/api/header',
      '/api/footer',
      '/api/index',
      '/api/items',
      '/api/itemmore',
      '/api/details',
      '/api/itemnewscut',
      '/api/itemnews',
      '/api/newmore',
      '/api/webcasecut',
      '/api/webcase',
      '/api/share',
      '/api/search',
      '/api/about',
      '/api/contact',
      '/api/leaveword',
      '/api/login',
    ];
    for (const call of [...publicCalls, ...ADMIN_CALLS, '/api/uploaders']) expect(paths).toContain(call);
    const amendcase = spec.body.paths['/api/amendcase'].post;
    expect(JSON.stringify(amendcase)).toContain('CaseFormDto');
    expect(spec.body.components.schemas.CaseFormDto.properties).toHaveProperty('dict_id');
  });
});
