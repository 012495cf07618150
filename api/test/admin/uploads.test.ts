import { readFileSync } from 'node:fs';
import path from 'node:path';
import { polyglot, SAMPLE_IMAGES } from '../support/images/sample-images.js';
import { login } from '../support/admin-session.js';
import { ok, refused } from '../support/envelope.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_BYTES: String(64 * 1024) });
  token = await login(t);
});
afterAll(() => t.close());

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '../support/images', name));
const upload = (bytes: Buffer, filename: string, contentType = 'image/png') =>
  t.http.post('/api/uploader').set('token', token).attach('file', bytes, { filename, contentType });

describe('POST /api/uploader', () => {
  it.each([
    ['camera.jpg', 'jpg', 'image/jpeg'],
    ['photo.png', 'png', 'image/png'],
    ['animated.gif', 'gif', 'image/gif'],
    ['lossy.webp', 'webp', 'image/webp'],
  ])('should store %s under a random name and serve it as an image, never sniffed', async (name, ext, mime) => {
    const bytes = fixture(name);
    const data = ok<{ url: string }>(await upload(bytes, name, mime));
    expect(data.url).toMatch(new RegExp(`^/uploads/\\d{4}/\\d{2}/[0-9a-f]{32}\\.${ext}$`));
    const res = await t.http.get(data.url).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(mime);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(Buffer.compare(res.body as Buffer, bytes)).toBe(0);
  });

  it('should name the file by its content, not by what the client claims', async () => {
    const data = ok<{ url: string }>(await upload(SAMPLE_IMAGES.gif, 'innocent.png', 'image/png'));
    expect(data.url).toMatch(/\.gif$/);
  });

  it.each([
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'logo.svg',
      'image/svg+xml',
    ],
    [
      'an SVG named .png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      'logo.png',
      'image/png',
    ],
    ['an HTML page', Buffer.from('<!doctype html><script>alert(1)</script>'), 'page.jpg', 'image/jpeg'],
    ['a script', Buffer.from('alert(document.cookie)'), 'x.gif', 'image/gif'],
    ['a GIF/HTML polyglot', polyglot('gif', '<script>alert(1)</script>'), 'x.gif', 'image/gif'],
    ['a PNG/SVG polyglot', polyglot('png', '<svg onload=alert(1)>'), 'x.png', 'image/png'],
    ['a JPEG/HTML polyglot', polyglot('jpg', '<html><body onload=alert(1)>'), 'x.jpg', 'image/jpeg'],
    ['a GIF header that is also JavaScript', Buffer.from('GIF89a=alert(document.domain);//;'), 'x.gif', 'image/gif'],
    [
      'a PNG with a ZIP appended',
      Buffer.concat([SAMPLE_IMAGES.png, Buffer.from('PK\u0003\u0004')]),
      'x.png',
      'image/png',
    ],
  ])('should refuse %s', async (_what, bytes, name, type) => {
    expect(refused(await upload(bytes, name, type), 2)).toBe('只能上传 JPG、PNG、GIF 或 WebP 图片');
  });

  it('should refuse a file over the size cap with a clear message', async () => {
    const big = Buffer.concat([SAMPLE_IMAGES.png, Buffer.alloc(70 * 1024)]);
    expect(refused(await upload(big, 'big.png'), 2)).toBe('图片不能超过 64KB');
  });

  it('should refuse a request without a file or with another field name', async () => {
    expect(refused(await t.http.post('/api/uploader').set('token', token).send({}), 2)).toBe('请选择要上传的图片');
    const res = await t.http.post('/api/uploader').set('token', token).attach('image', SAMPLE_IMAGES.png, 'a.png');
    expect(refused(res, 2)).toBe('请选择一张图片上传');
  });
});

describe('POST /api/uploaders (CKEditor 5)', () => {
  const editorUpload = (bytes: Buffer, query = `?token=${token}`) =>
    t.http.post(`/api/uploaders${query}`).attach('upload', bytes, { filename: 'pasted.png', contentType: 'image/png' });

  it('should answer {url} with the token in the query string', async () => {
    const res = await editorUpload(SAMPLE_IMAGES.png);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ url: expect.stringMatching(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/) });
  });

  it('should also accept the token header', async () => {
    const res = await t.http.post('/api/uploaders').set('token', token).attach('upload', SAMPLE_IMAGES.jpg, 'a.jpg');
    expect(res.body.url).toMatch(/\.jpg$/);
  });

  it('should answer {error: {message}} for a refused file, a wrong token or a file too large', async () => {
    expect((await editorUpload(Buffer.from('<svg/>'))).body).toEqual({
      error: { message: '只能上传 JPG、PNG、GIF 或 WebP 图片' },
    });
    expect((await editorUpload(SAMPLE_IMAGES.png, '?token=wrong')).body).toEqual({
      error: { message: '登录已失效，请重新登录' },
    });
    expect((await editorUpload(Buffer.concat([SAMPLE_IMAGES.png, Buffer.alloc(70 * 1024)]))).body).toEqual({
      error: { message: '图片不能超过 64KB' },
    });
  });
});
