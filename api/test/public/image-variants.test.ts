import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { IMAGE_WIDTHS } from '@site/shared-types';
import sharp from 'sharp';
import { login } from '../support/admin-session.js';
import { ok } from '../support/envelope.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t);
});
afterAll(() => t.close());

const BROWSER = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';
const BANNER = '/uploads/seed/v1/banner-1.svg';

/** A variant request as a browser makes it; the body is kept as bytes whatever the type. */
const get = (url: string, accept = BROWSER) => t.http.get(url).set('Accept', accept).buffer(true);

async function shape(bytes: Buffer) {
  const { format, width, height } = await sharp(bytes).metadata();
  return { format, width, height };
}

/** A 1000 × 500 photo-like JPEG (a gradient with noise), of the kind an administrator uploads. */
async function photo(): Promise<Buffer> {
  const noise = Buffer.alloc(1000 * 500 * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919) % 251;
  return sharp(noise, { raw: { width: 1000, height: 500, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

describe('GET /uploads/…?w=', () => {
  it('should answer a drawn demo image as AVIF at the width asked for, kept for a year, never sniffed', async () => {
    const res = await get(`${BANNER}?w=960`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/avif');
    expect(res.headers.vary).toMatch(/Accept/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(await shape(res.body as Buffer)).toEqual({ format: 'heif', width: 960, height: 300 });
    // Far smaller than the drawing it was made from.
    const original = await fs.readFile(path.join(t.config.uploadsDir, 'seed', 'v1', 'banner-1.svg'));
    expect((res.body as Buffer).length).toBeLessThan(original.length / 2);
  });

  it('should answer WebP to a browser that takes WebP but not AVIF, and the original to one that takes neither', async () => {
    const webp = await get(`${BANNER}?w=640`, 'image/webp,*/*');
    expect(webp.status).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(await shape(webp.body as Buffer)).toEqual({ format: 'webp', width: 640, height: 200 });

    const plain = await get(`${BANNER}?w=640`, '*/*');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(plain.headers.vary).toMatch(/Accept/);
  });

  it('should make a variant once however many browsers ask for it at the same time', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(`${BANNER}?w=320`)));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect((res.body as Buffer).equals(answers[0]!.body as Buffer)).toBe(true);
    }
    const folder = path.join(t.config.dataDir, 'image-variants', 'seed', 'v1');
    expect((await fs.readdir(folder)).filter((name) => name.startsWith('banner-1.svg.320.'))).toEqual([
      'banner-1.svg.320.avif',
    ]);
  });

  it.each([
    [`${BANNER}?w=961`, 'a width that is not offered'],
    [`${BANNER}?w=`, 'an empty width'],
    [`${BANNER}?w=960.0`, 'a width written otherwise'],
    ['/uploads/seed/v1/no-such-image.svg?w=640', 'a missing picture'],
    ['/uploads/seed/v1/../../../etc/passwd.png?w=640', 'a path out of the folder'],
    ['/uploads/seed/v1/%2e%2e/%2e%2e/x.png?w=640', 'an encoded path out of the folder'],
    ['/uploads/2026/11/animated.gif?w=640', 'an animation (always served as it is)'],
  ])('should answer 404 to %s (%s)', async (url) => {
    const res = await get(url);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('should make the variants of an upload right after it, never wider than the photo, keeping the original', async () => {
    const bytes = await photo();
    const upload = await t.http
      .post('/api/uploader')
      .set('token', token)
      .attach('file', bytes, { filename: 'team.jpg', contentType: 'image/jpeg' });
    const { url } = ok<{ url: string }>(upload);
    const stem = path.join(t.config.dataDir, 'image-variants', ...url.replace(/^\/uploads\//, '').split('/'));
    // Every width up to the first as wide as the photo (1000 px: up to 1440), in both formats, in the background.
    const expected = IMAGE_WIDTHS.filter((w) => w <= 1440).flatMap((w) => [`${stem}.${w}.avif`, `${stem}.${w}.webp`]);
    for (let i = 0; i < 200 && !expected.every((file) => existsSync(file)); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(expected.filter((file) => !existsSync(file))).toEqual([]);
    expect(existsSync(`${stem}.1920.avif`)).toBe(false);

    expect(await shape((await get(`${url}?w=320`)).body as Buffer)).toEqual({
      format: 'heif',
      width: 320,
      height: 160,
    });
    // Asked wider than the photo: the photo's own size, not an enlargement.
    expect(await shape((await get(`${url}?w=1920`, 'image/webp')).body as Buffer)).toEqual({
      format: 'webp',
      width: 1000,
      height: 500,
    });
    const original = await get(url, '*/*');
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(await shape(original.body as Buffer)).toEqual({ format: 'jpeg', width: 1000, height: 500 });
  });
});
