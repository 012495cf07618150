import { LEAD_TEXTS } from '@site/shared-types';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The contact form sent by the browser itself, before the application runs or without JavaScript
 * (docs/behaviour.md#contact-form): a form-encoded `POST` to the page that holds the form. A lead taken moves on to
 * the page's `?sent=1` (303), which says so; one not taken gets the page again (422) with what was typed and why.
 * Nothing the visitor typed is ever in an address.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1' });
});
afterAll(() => t.close());

const HOST = 'www.yunfan.test';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
let address = 0;
/** A visitor of its own each time (the form's limit counts per address), unless one is given. */
const post = (path: string, fields: Record<string, string>, ip = `203.0.113.${(address += 1)}`) =>
  t.http.post(path).set('Host', HOST).set('X-Forwarded-For', ip).type('form').send(fields);

const lead = {
  name: '陈女士',
  phone: '13800138000',
  email: 'chen@example.com',
  address: '',
  content: '无脚本留言测试',
};

async function stored(name: string) {
  return t.sql<{ name: string; phone: string; content: string; page: string }>(
    'SELECT name, phone, content, page FROM message WHERE name = $1',
    [name],
  );
}

describe('a contact form sent without the application', () => {
  it.each([
    ['/about.html', '/about.html?sent=1#message'],
    ['/move/about.html', '/move/about.html?sent=1'],
  ])('to %s should store the lead and move on to %s', async (path, moved) => {
    const name = `陈女士${path.length}`;
    const res = await post(path, { ...lead, name, website: '' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(moved);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await stored(name)).toEqual([{ name, phone: lead.phone, content: lead.content, page: path }]);
    // The page it moves to says so, and names its own address without the mark as canonical.
    const page = await t.http
      .get(moved.split('#')[0]!)
      .set('Host', HOST)
      .set('User-Agent', path.startsWith('/move/') ? PHONE : 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)');
    expect(page.status).toBe(200);
    expect(page.text).toContain(LEAD_TEXTS.sent);
    expect(page.text).toContain(`<link rel="canonical" href="http://${HOST}${path}"`);
  });

  it('should answer wrong fields with the page, what was typed and each field’s message, storing nothing', async () => {
    const res = await post('/move/about.html', { name: '李四', phone: '123', email: 'li@', content: '' });
    expect(res.status).toBe(422);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toContain('value="李四"');
    expect(res.text).toContain('value="123"');
    for (const message of [LEAD_TEXTS.phoneInvalid, LEAD_TEXTS.emailInvalid, LEAD_TEXTS.contentMissing]) {
      expect(res.text).toContain(message);
    }
    expect(await stored('李四')).toEqual([]);
  });

  it('should refuse a field no text can be stored with, naming it, and store nothing', async () => {
    const res = await post('/about.html', { ...lead, name: '坏\u0000字' });
    expect(res.status).toBe(422);
    expect(res.text).toContain(LEAD_TEXTS.unstorable);
    expect(await t.sql('SELECT 1 FROM message WHERE content = $1 AND name LIKE $2', [lead.content, '坏%'])).toEqual([]);
  });

  it('should say why when its field for bots was filled, and give that field back empty', async () => {
    const res = await post('/about.html', { ...lead, name: '自动填充', website: 'https://example.com' });
    expect(res.status).toBe(422);
    expect(res.text).toContain(LEAD_TEXTS.trapped);
    expect(res.text).toMatch(/id="lead-website"[^>]*value=""/);
    expect(res.text).toContain('value="自动填充"');
    expect(await stored('自动填充')).toEqual([]);
  });

  it('should keep to the limit of 5 a visitor, saying so the sixth time with what was typed', async () => {
    const ip = '198.51.100.99';
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/move/about.html', { ...lead, name: `限流${i}` }, ip)).status).toBe(303);
    }
    const sixth = await post('/move/about.html', { ...lead, name: '限流6' }, ip);
    expect(sixth.status).toBe(422);
    expect(sixth.text).toContain('提交过于频繁，请稍后再试');
    expect(sixth.text).toContain('value="限流6"');
    expect(await stored('限流6')).toEqual([]);
  });

  it('should leave a POST to any other page as before: not found', async () => {
    const res = await post('/items/3.html', lead);
    expect(res.status).toBe(404);
    expect(await stored(lead.name)).toEqual([]);
  });
});
