import { randomBytes } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { runBackupCommand } from '../../src/backup-command.js';
import { EXIT_OK } from '../../src/core/command.js';
import type { AdminList, MediaItem } from '@site/shared-types';
import { ImageVariants } from '../../src/content/uploads/image-variants.js';
import { MediaLibrary } from '../../src/content/uploads/media-library.service.js';
import { MEDIA_STORE, type MediaStore } from '../../src/core/media/media-store.js';
import { SeedService } from '../../src/database/seed.service.js';
import { adminCall, login } from '../support/admin-session.js';
import { ok } from '../support/envelope.js';
import { photo, SAMPLE_IMAGES } from '../support/images/sample-images.js';
import { bucketName, startTestS3, type TestS3 } from '../support/s3-server.js';
import { createTestApp, createTestDatabase, type TestApp } from '../support/test-app.js';

/**
 * The same media tests on both drivers (docs/decisions.md "Media storage"): the local folder, and an S3 bucket on
 * a real S3-protocol server (s3rver) through the AWS SDK. Each driver gets a site of its own: its uploads, image
 * variants, CKEditor uploads, the seed's drawings, the media library, serving (cache headers, 304, HEAD, Range), a
 * backup restored into an empty site, and the public base URL.
 */
const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const root = () => process.env.TEST_ROOT ?? '/tmp';
const fresh = (what: string) => path.join(root(), `${what}-${randomBytes(4).toString('hex')}`);

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3.close());

/** The variables of a site with its own media on `driver`. */
const mediaEnv = (driver: string): Record<string, string> => ({
  DATA_DIR: fresh('media'),
  ...(driver === 's3' ? s3.env(bucketName('site')) : {}),
});

const BROWSER = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';

describe.each(['local', 's3'])('media on the %s driver', (driver) => {
  let t: TestApp;
  let token: string;
  let store: MediaStore;
  let env: Record<string, string>;
  beforeAll(async () => {
    env = mediaEnv(driver);
    t = await createTestApp(env);
    token = await login(t);
    store = t.app.get<MediaStore>(MEDIA_STORE);
  });
  afterAll(() => t.close());

  const upload = async (bytes: Buffer, name = 'a.png', type = 'image/png') =>
    ok<{ url: string }>(
      await t.http
        .post('/api/uploader')
        .set('token', token)
        .attach('file', bytes, { filename: name, contentType: type }),
    ).url;

  it('should be the store MEDIA_STORAGE names', () => {
    expect(store.kind).toBe(driver);
  });

  it('should keep, read, list and delete objects, whole ranges included', async () => {
    const key = `uploads/2001/01/${randomBytes(16).toString('hex')}.png`;
    const bytes = Buffer.from('0123456789abcdefghij');
    expect(await store.stat(key)).toBeNull();
    expect(await store.read(key)).toBeNull();
    expect(await store.readBytes(key)).toBeNull();
    await store.put(key, bytes);
    const info = await store.stat(key);
    expect(info).toMatchObject({ size: 20, etag: expect.stringMatching(/^"[^"]+"$/) });
    expect(info!.modified.getTime()).toBeGreaterThan(Date.now() - 600_000);
    expect(await store.readBytes(key)).toEqual(bytes);
    const part: Buffer[] = [];
    for await (const chunk of (await store.read(key, { start: 5, end: 9 }))!) part.push(chunk as Buffer);
    expect(Buffer.concat(part).toString()).toBe('56789');
    const listed: Array<{ key: string; size: number }> = [];
    for await (const object of store.list('uploads/2001/')) listed.push(object);
    expect(listed).toEqual([{ key, size: 20 }]);
    await store.remove([key, `${key}.gone`]);
    expect(await store.stat(key)).toBeNull();
    await expect(store.put('uploads/../etc/passwd', bytes)).rejects.toThrow('Not a media key');
    await expect(store.put('elsewhere/a.png', bytes)).rejects.toThrow('Not a media key');
    await expect(store.stat('uploads/./a.png')).rejects.toThrow('Not a media key');
  });

  it('should hold the drawn demo images of the seed, and serve them', async () => {
    const seeded: string[] = [];
    for await (const { key } of store.list('uploads/seed/v1/')) seeded.push(key);
    expect(seeded.length).toBeGreaterThan(10);
    expect(seeded).toContain('uploads/seed/v1/banner-1.svg');
    const res = await t.http.get('/uploads/seed/v1/banner-1.svg').buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.body.toString()).toContain('<svg');
  });

  it('should serve an upload from the store with its cache headers, 304, HEAD and Range', async () => {
    const url = await upload(SAMPLE_IMAGES.png);
    const stored = (await store.readBytes(url.slice(1)))!;
    const res = await t.http.get(url).buffer(true);
    expect(res.status).toBe(200);
    expect(Buffer.compare(res.body as Buffer, stored)).toBe(0);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
      'content-length': String(stored.length),
    });
    expect(res.headers['content-security-policy']).toContain('sandbox');
    const etag = res.headers.etag!;
    expect((await t.http.get(url).set('If-None-Match', etag)).status).toBe(304);
    const head = await t.http.head(url);
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(stored.length));

    const range = await t.http.get(url).set('Range', 'bytes=8-15').buffer(true);
    expect(range.status).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 8-15/${stored.length}`);
    expect(Buffer.compare(range.body as Buffer, stored.subarray(8, 16))).toBe(0);
    const beyond = await t.http.get(url).set('Range', `bytes=${stored.length}-`);
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${stored.length}`);
    // A range of another version of the object is not sent: the whole object is.
    const stale = await t.http.get(url).set('Range', 'bytes=0-3').set('If-Range', '"another"').buffer(true);
    expect(stale.status).toBe(200);
    expect((stale.body as Buffer).length).toBe(stored.length);
  });

  it('should take CKEditor uploads into the same store', async () => {
    const res = await t.http
      .post(`/api/uploaders?token=${token}`)
      .attach('upload', SAMPLE_IMAGES.webp, { filename: 'inline.webp', contentType: 'image/webp' });
    const { url } = res.body as { url: string };
    expect(url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.webp$/);
    expect(await store.stat(url.slice(1))).not.toBeNull();
    expect((await t.http.get(url)).status).toBe(200);
  });

  it('should make image variants into the store and serve them, the original to a browser taking neither', async () => {
    const url = await upload(await photo(), 'photo.jpg', 'image/jpeg');
    const res = await t.http.get(`${url}?w=320`).set('Accept', BROWSER).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/avif');
    expect(res.headers.vary).toMatch(/Accept/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(res.body as Buffer).metadata()).width).toBe(320);
    expect(await store.stat(`image-variants${url.slice('/uploads'.length)}.320.avif`)).not.toBeNull();
    const plain = await t.http.get(`${url}?w=320`).set('Accept', 'image/jpeg').buffer(true);
    expect(plain.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(plain.body as Buffer).metadata()).width).toBe(1000);
  });

  it('should list its pictures in the media library and delete an unused one with its variants', async () => {
    await t.app.get(MediaLibrary).settled();
    const library = async (search: string) =>
      ok<AdminList<MediaItem>>(await adminCall(t, token, '/api/medialist', { search })).list.data;
    // The demo drawings were recorded at start from the store's listing.
    expect((await library('logo.svg')).map((item) => item.url)).toContain('/uploads/seed/v1/logo.svg');
    const url = await upload(await photo(), '产品照片.jpg', 'image/jpeg');
    const [item] = await library('产品照片');
    expect(item).toMatchObject({ url, name: '产品照片.jpg', width: 1000, uses: [] });
    expect((await t.http.get(`${url}?w=320`).set('Accept', BROWSER)).status).toBe(200);
    // The upload's own variants are made in the background: the delete leaves none of them.
    const variants = t.app.get(ImageVariants);
    while (variants.stats().running + variants.stats().queued > 0) await new Promise((done) => setTimeout(done, 20));
    ok(await adminCall(t, token, '/api/deletemedia', { id: item!.id }));
    expect(await store.stat(`uploads${url.slice('/uploads'.length)}`)).toBeNull();
    const left: string[] = [];
    for await (const { key } of store.list(`image-variants${url.slice('/uploads'.length)}`)) left.push(key);
    expect(left).toEqual([]);
    expect(await library('产品照片')).toEqual([]);
  });

  it('should answer 404 for what is not there or not the server’s to serve', async () => {
    for (const url of [
      `/uploads/2026/11/${randomBytes(16).toString('hex')}.png`,
      `/uploads/2026/11/${randomBytes(16).toString('hex')}.png?w=320`,
      '/uploads/2026/11/notes.txt',
      '/uploads/seed/v1/missing.svg',
    ]) {
      const res = await t.http.get(url).set('Accept', BROWSER);
      expect({ url, status: res.status }).toEqual({ url, status: 404 });
    }
  });

  it('should back up its uploads and restore them into an empty site on the same driver', async () => {
    const url = await upload(SAMPLE_IMAGES.gif, 'moving.gif', 'image/gif');
    const archive = path.join(fresh('archive'), 'site.tar.gz');
    const cli = async (args: string[], vars: Record<string, string>) => {
      const lines: string[] = [];
      const code = await runBackupCommand(
        args,
        { LOG_LEVEL: 'error', ...vars },
        { cwd: root(), root: repoRoot },
        { out: (line) => lines.push(line), err: (line) => lines.push(line) },
      );
      return { code, text: lines.join('\n') };
    };
    const made = await cli(['backup', '--out', archive], { ...env, DATABASE_URL: t.databaseUrl });
    expect(made).toMatchObject({ code: EXIT_OK });
    expect(made.text).toContain(`the uploads in ${store.where}`);

    const target = await createTestDatabase();
    const targetEnv = mediaEnv(driver);
    try {
      const restored = await cli(['restore', archive], { ...targetEnv, DATABASE_URL: target.url });
      expect(restored).toMatchObject({ code: EXIT_OK });
      const again = await createTestApp(targetEnv, { databaseUrl: target.url });
      try {
        for (const address of [url, '/uploads/seed/v1/banner-1.svg']) {
          const [was, is] = await Promise.all([t.http.get(address).buffer(true), again.http.get(address).buffer(true)]);
          expect(is.status).toBe(200);
          expect(Buffer.compare(is.body as Buffer, was.body as Buffer)).toBe(0);
        }
      } finally {
        await again.close();
      }
    } finally {
      await target.drop();
    }
  });

  it('should send visitors to MEDIA_PUBLIC_BASE_URL when media have a public address', async () => {
    const url = await upload(await photo(), 'photo.jpg', 'image/jpeg');
    const cdn = await createTestApp({ ...env, MEDIA_PUBLIC_BASE_URL: 'https://media.example.cn/site/' }, { reuse: t });
    try {
      const original = await cdn.http.get(url);
      expect(original.status).toBe(302);
      expect(original.headers.location).toBe(`https://media.example.cn/site${url}`);
      const variant = await cdn.http.get(`${url}?w=480`).set('Accept', BROWSER);
      expect(variant.status).toBe(302);
      expect(variant.headers.location).toBe(
        `https://media.example.cn/site/image-variants${url.slice('/uploads'.length)}.480.avif`,
      );
      expect(variant.headers.vary).toMatch(/Accept/);
      // Made before the visitor is sent there.
      expect(await store.stat(`image-variants${url.slice('/uploads'.length)}.480.avif`)).not.toBeNull();
      expect((await cdn.http.get('/uploads/2026/11/notes.txt')).status).toBe(404);
    } finally {
      await cdn.close();
    }
  });
});

describe('an S3 store that cannot be reached', () => {
  let t: TestApp;
  let port: number;
  let back: TestS3 | null = null;
  const retryMs = SeedService.imageRetryMs;
  beforeAll(async () => {
    // A port nobody listens on: the server starts anyway, and says so in its log.
    const closed = await startTestS3();
    const env = closed.env(bucketName('down'));
    port = Number(new URL(closed.endpoint).port);
    await closed.close();
    SeedService.imageRetryMs = 200;
    t = await createTestApp({ DATA_DIR: fresh('down'), ...env });
  });
  afterAll(async () => {
    SeedService.imageRetryMs = retryMs;
    await t.close();
    await back?.close();
  });

  it('should refuse an upload in words, and answer media requests with 503 while the site itself works', async () => {
    const token = await login(t);
    const res = await t.http
      .post('/api/uploader')
      .set('token', token)
      .attach('file', SAMPLE_IMAGES.png, { filename: 'a.png', contentType: 'image/png' });
    expect(res.body).toMatchObject({ code: 1, msg: '图片存储服务暂时无法访问，图片未能保存，请稍后再试' });
    const image = await t.http.get('/uploads/seed/v1/banner-1.svg');
    expect(image.status).toBe(503);
    expect(image.headers['retry-after']).toBe('5');
    expect(ok(await t.http.get('/api/index'))).toBeTruthy();
  });

  it('should make its bucket and draw the demo images once the store is back, without a restart', async () => {
    back = await startTestS3(port);
    let status = 0;
    for (let tries = 0; tries < 100 && status !== 200; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await t.http.get('/uploads/seed/v1/banner-1.svg')).status;
    }
    expect(status).toBe(200);
    const token = await login(t);
    const res = await t.http
      .post('/api/uploader')
      .set('token', token)
      .attach('file', SAMPLE_IMAGES.png, { filename: 'a.png', contentType: 'image/png' });
    expect((await t.http.get(ok<{ url: string }>(res).url)).status).toBe(200);
  });
});
