import type { OpenAPIV3 } from 'openapi-types';
import type { Test } from 'supertest';
import { login } from '../support/admin-session.js';
import { publicSnapshot } from '../support/public-snapshot.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * What an attacker (or a broken client) sends to the writes and reads: bodies of the wrong type or shape,
 * documents missing required parts, nesting deep enough to cost time, and text no column can store. Every such
 * request is refused (HTTP 4xx, or code 2 naming the field) and leaves every public answer as it was.
 */
let t: TestApp;
let token: string;
let document: OpenAPIV3.Document;
let before: Record<string, unknown>;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t);
  document = (await t.http.get('/api/docs/openapi.json')).body as OpenAPIV3.Document;
  before = await publicSnapshot(t);
});
afterAll(() => t.close());

/** A stored site block as the test changes it: any section may be replaced by a value of any type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the point is to send shapes the types forbid
type Block = Record<string, any>;

const admin = (path: string) => t.http.post(path).set('token', token);

/** A refusal: a 4xx with the envelope, or HTTP 200 with a non-zero code; never a success, never a 5xx. */
async function expectRefused(request: Test): Promise<{ status: number; code: number; msg: string }> {
  const res = await request;
  const answer = { status: res.status, code: res.body?.code as number, msg: res.body?.msg as string };
  expect(answer.status < 500).toBe(true);
  expect(answer.code).not.toBe(0);
  expect(answer.msg).toMatch(/\p{Script=Han}/u);
  expect(res.body.data).toBeNull();
  return answer;
}

async function expectPublicUnchanged(): Promise<void> {
  expect(await publicSnapshot(t)).toEqual(before);
}

/** Every JSON-bodied POST of the OpenAPI document, with its request schema and whether it needs the token. */
function jsonCalls(): Array<{ path: string; schema: OpenAPIV3.SchemaObject; admin: boolean }> {
  return Object.entries(document.paths).flatMap(([path, item]) => {
    const body = item?.post?.requestBody as OpenAPIV3.RequestBodyObject | undefined;
    const ref = (body?.content['application/json']?.schema as OpenAPIV3.ReferenceObject | undefined)?.$ref;
    if (!ref) return [];
    const schema = document.components!.schemas![ref.split('/').pop()!] as OpenAPIV3.SchemaObject;
    const admin = (item!.post!.security ?? []).some((requirement) => 'token' in requirement);
    return [{ path, schema, admin }];
  });
}

describe('site-block saves', () => {
  const bodies: Array<[string, (request: Test) => Test]> = [
    ['no body at all', (r) => r],
    ['text/plain', (r) => r.set('Content-Type', 'text/plain').send('profile=x')],
    ['an unknown content type', (r) => r.set('Content-Type', 'application/x-yunfan').send('{}')],
    ['XML', (r) => r.set('Content-Type', 'application/xml').send('<about/>')],
    ['multipart without a file', (r) => r.field('profile', 'x')],
    ['an empty JSON object', (r) => r.send({})],
    ['a JSON array', (r) => r.send([])],
    [
      'JSON that is not UTF-8',
      (r) => r.set('Content-Type', 'application/json').send(Buffer.from('{"a":"\xff\xfe"}', 'latin1')),
    ],
    ['a form', (r) => r.type('form').send('profile=x&culture=y')],
  ];
  it.each(bodies)('should refuse %s for every block and store nothing', async (_what, shape) => {
    for (const path of [
      '/api/amendheader',
      '/api/amendfooter',
      '/api/amendhome',
      '/api/amendabout',
      '/api/amendrelation',
    ]) {
      await expectRefused(shape(admin(path)));
    }
    await expectPublicUnchanged();
  });

  /** The stored block of `get`, changed by `change`, sent to `amend`: refused with `message`. */
  async function refusesChanged(get: string, amend: string, change: (block: Block) => void, message: string) {
    const block = (await admin(get)).body.data as Block;
    change(block);
    const refusal = await expectRefused(admin(amend).send(block));
    expect(refusal).toEqual({ status: 200, code: 2, msg: message });
    await expectPublicUnchanged();
  }

  it.each([
    ['logo', '参数 logo 不能为空'],
    ['banner', '参数 banner 必须是列表'],
  ])('should refuse a header without %s', (section, message) =>
    refusesChanged('/api/getheader', '/api/amendheader', (b) => delete b[section], message),
  );

  it.each(['wechat', 'information'])('should refuse a footer without %s', (section) =>
    refusesChanged('/api/getfooter', '/api/amendfooter', (b) => delete b[section], `参数 ${section} 不能为空`),
  );

  it.each(['success', 'dynamic'])('should refuse a home block without %s', (section) =>
    refusesChanged('/api/gethome', '/api/amendhome', (b) => delete b[section], `参数 ${section} 不能为空`),
  );

  it.each(['profile', 'culture', 'process', 'honours'])('should refuse an about block without %s', (section) =>
    refusesChanged('/api/getabout', '/api/amendabout', (b) => delete b[section], `参数 ${section} 不能为空`),
  );

  it.each(['map', 'wechat'])('should refuse a contact block without %s', (section) =>
    refusesChanged('/api/getrelation', '/api/amendrelation', (b) => delete b[section], `参数 ${section} 不能为空`),
  );

  it.each([
    ['/api/getheader', '/api/amendheader', 'logo'],
    ['/api/getfooter', '/api/amendfooter', 'wechat'],
    ['/api/gethome', '/api/amendhome', 'dynamic'],
    ['/api/getabout', '/api/amendabout', 'profile'],
    ['/api/getrelation', '/api/amendrelation', 'map'],
  ])('%s: a section sent as a list should be refused', (get, amend, section) =>
    refusesChanged(get, amend, (b) => (b[section] = []), `参数 ${section} 格式不正确`),
  );

  it('should refuse a nested section sent as a list', () =>
    refusesChanged(
      '/api/gethome',
      '/api/amendhome',
      (b) => (b.dynamic.viewpoint = []),
      '参数 dynamic.viewpoint 格式不正确',
    ));

  it.each([
    ['a number for a text', (b: Block) => (b.company = 16), '公司名称必须是文本'],
    ['a numeric string for a number', (b: Block) => (b.map.lng = '113.9'), '参数 map.lng 必须是数字'],
    ['NaN spelt as text for a number', (b: Block) => (b.map.zoom = 'NaN'), '参数 map.zoom 必须是 3 到 20 之间的整数'],
    ['a text for a list', (b: Block) => (b.phones = '0755-1234'), '参数 phones 必须是列表'],
  ])('the contact block should refuse %s', (_what, change, message) =>
    refusesChanged('/api/getrelation', '/api/amendrelation', change, message),
  );
});

describe('null in optional fields', () => {
  it.each([
    [
      '/api/amendmenu',
      { id: 0, grade: 1, menu: 0, title: '空值栏目', pcmenu: false, pcmenusite: 0, movemenu: false, movemenusite: 0 },
      'intro',
    ],
    [
      '/api/amendcase',
      { id: 0, name: '空值案例', img: '/uploads/seed/v1/logo.svg', top: 2, dict_id: 3, class_id: 1 },
      'intro',
    ],
    [
      '/api/amendcase',
      { id: 0, name: '空值案例', img: '/uploads/seed/v1/logo.svg', top: 2, dict_id: 3, class_id: 1 },
      'content',
    ],
    ['/api/amendnews', { id: 0, title: '空值文章', dynamic_id: 1 }, 'intro'],
    ['/api/amendnews', { id: 0, title: '空值文章', dynamic_id: 1 }, 'content'],
  ])('%s should refuse %j with %s: null, naming the field', async (path, form, field) => {
    const refusal = await expectRefused(admin(path).send({ ...form, [field]: null }));
    expect(refusal).toEqual({ status: 200, code: 2, msg: `参数 ${field} 必须是文本` });
    await expectPublicUnchanged();
  });
});

describe('text no column can store', () => {
  it('should refuse a NUL or half a surrogate pair in every text field of every call, naming the field', async () => {
    let checked = 0;
    for (const call of jsonCalls()) {
      const texts = Object.entries(call.schema.properties ?? {}).filter(
        ([, property]) => (property as OpenAPIV3.SchemaObject).type === 'string',
      );
      for (const [field] of texts) {
        for (const escaped of ['\\u0000', '\\ud800', 'ok\\udc00']) {
          const request = call.admin ? admin(call.path) : t.http.post(call.path);
          const refusal = await expectRefused(
            request.set('Content-Type', 'application/json').send(`{"${field}":"${escaped}"}`),
          );
          expect({ call: call.path, ...refusal }).toEqual({
            call: call.path,
            status: 200,
            code: 2,
            msg: `参数 ${field} 含有不允许的字符`,
          });
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(60);
    await expectPublicUnchanged();
  });

  it('should name a nested field, and a key holding a NUL', async () => {
    const header = (await admin('/api/getheader')).body.data as { banner: Array<Record<string, unknown>> };
    header.banner[0]!.title = 'a\u0000b';
    expect(await expectRefused(admin('/api/amendheader').send(header))).toMatchObject({
      msg: '参数 banner[0].title 含有不允许的字符',
    });
    const keyed = await expectRefused(
      t.http.post('/api/search').set('Content-Type', 'application/json').send('{"keyword":"网站","x\\u0000":1}'),
    );
    expect(keyed.msg).toBe('参数 请求体 含有不允许的字符');
    await expectPublicUnchanged();
  });
});

describe('deep nesting', () => {
  const nested = (depth: number) => `{"a":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

  it('should accept 32 levels (then validate the fields) and refuse 33 before parsing', async () => {
    const accepted = await expectRefused(
      t.http.post('/api/items').set('Content-Type', 'application/json').send(nested(32)),
    );
    expect(accepted).toEqual({ status: 200, code: 2, msg: '参数 menu 必须是正整数' });
    const refused = await expectRefused(
      t.http.post('/api/items').set('Content-Type', 'application/json').send(nested(33)),
    );
    expect(refused).toEqual({ status: 400, code: 1, msg: '请求格式不正确' });
  });

  it('should not count brackets inside strings', async () => {
    const body = JSON.stringify({ keyword: '['.repeat(40), type: 1, amount: 3, page: 0 });
    const res = await t.http.post('/api/search').set('Content-Type', 'application/json').send(body);
    // 40 brackets inside a string: no nesting at all, and a keyword the search takes.
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 200, code: 0 });
  });

  it('should refuse 5000 levels on every call with a 4xx, for visitors and administrators alike', async () => {
    const deep = `{"a":${'{"a":'.repeat(4999)}1${'}'.repeat(5000)}`;
    for (const { path, admin: isAdmin } of jsonCalls()) {
      for (const request of [t.http.post(path), ...(isAdmin ? [admin(path)] : [])]) {
        const refusal = await expectRefused(request.set('Content-Type', 'application/json').send(deep));
        expect({ path, status: refusal.status }).toEqual({ path, status: expect.any(Number) });
        expect([400, 413]).toContain(refusal.status);
      }
    }
    await expectPublicUnchanged();
  });

  it('should keep visitor bodies small: 16 KB', async () => {
    const big = JSON.stringify({ keyword: '网站', padding: 'x'.repeat(17 * 1024) });
    const res = await t.http.post('/api/search').set('Content-Type', 'application/json').send(big);
    expect({ status: res.status, code: res.body.code, msg: res.body.msg }).toEqual({
      status: 413,
      code: 1,
      msg: '请求内容过大',
    });
  });
});
