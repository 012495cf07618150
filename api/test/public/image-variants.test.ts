import { randomBytes } from 'node:crypto';
import { existsSync, promises as fs } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { IMAGE_WIDTHS } from '@site/shared-types';
import sharp from 'sharp';
import { VARIANT_JOBS_PER_CLIENT, VARIANT_QUEUE_LIMIT } from '../../src/content/uploads/image-variants.js';
import { login } from '../support/admin-session.js';
import { ok } from '../support/envelope.js';
import { fillDisk } from '../support/full-disk.js';
import { photo } from '../support/images/sample-images.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let token: string;
let port: number;
beforeAll(async () => {
  // A DATA_DIR of its own, so that the variants on disk are this file's only; behind one proxy, so that
  // X-Forwarded-For plays several clients.
  const dataDir = path.join(process.env.TEST_ROOT ?? '/tmp', `variants-${randomBytes(4).toString('hex')}`);
  t = await createTestApp({ DATA_DIR: dataDir, TRUST_PROXY: '1' });
  token = await login(t);
  await t.app.listen(0, '127.0.0.1');
  port = (t.app.getHttpServer().address() as AddressInfo).port;
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
    [`${BANNER}?w=0960`, 'a width written with a leading zero'],
    [`${BANNER}?w=1000`, 'a width between two offered ones'],
    [`${BANNER}?w=3840`, 'a width above the widest'],
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
    for (let i = 0; i < 600 && !expected.every((file) => existsSync(file)); i += 1) {
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

/** The counts `/api/metrics` gives of the variants' queue. */
async function variantCounts() {
  const text = (await t.http.get('/api/metrics')).text;
  const value = (series: string) => {
    const line = text.split('\n').find((row) => row.startsWith(`${series} `));
    if (line === undefined) throw new Error(`No ${series} in /api/metrics`);
    return Number(line.slice(series.length + 1));
  };
  const resizes = (result: string) => value(`image_variant_resizes_total{result="${result}"}`);
  const originals = (reason: string) => value(`image_variant_originals_total{reason="${reason}"}`);
  return {
    resized: resizes('ok') + resizes('failed') + resizes('unwritten'),
    unwritten: resizes('unwritten'),
    dropped: value('image_variant_jobs_dropped_total'),
    clientLimit: originals('client_limit'),
    queueFull: originals('queue_full'),
    queued: value('image_variant_jobs{state="queued"}'),
    running: value('image_variant_jobs{state="running"}'),
  };
}
type Counts = Awaited<ReturnType<typeof variantCounts>>;

/** Reads the counts until `done` holds of them (the server is counted, not timed: the bound is only a safety net). */
async function countsWhen(done: (counts: Counts) => boolean, what: string): Promise<Counts> {
  for (let i = 0; i < 1200; i += 1) {
    const counts = await variantCounts();
    if (done(counts)) return counts;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Never reached: ${what}; last counts ${JSON.stringify(await variantCounts())}`);
}

const idle = (counts: Counts) => counts.queued === 0 && counts.running === 0;

/**
 * Originals a visitor cannot have variants of yet: one 3000 x 2000 photo (a second or so per large AVIF) stored
 * under new server-style names, put on disk by hand so that nothing is made of them before they are asked for.
 */
let largePhoto: Promise<Buffer> | undefined;
async function largePhotos(count: number): Promise<string[]> {
  largePhoto ??= sharp({
    create: {
      width: 3000,
      height: 2000,
      channels: 3,
      background: '#3a6ea5',
      noise: { type: 'gaussian', mean: 128, sigma: 20 },
    },
  })
    .jpeg({ quality: 70 })
    .toBuffer();
  const bytes = await largePhoto;
  const folder = path.join(t.config.uploadsDir, '2030', '01');
  await fs.mkdir(folder, { recursive: true });
  const urls: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const name = `${randomBytes(16).toString('hex')}.jpg`;
    await fs.writeFile(path.join(folder, name), bytes);
    urls.push(`/uploads/2030/01/${name}`);
  }
  return urls;
}

/** The variant files of these originals on disk. */
async function variantsOf(urls: string[]): Promise<string[]> {
  const folder = path.join(t.config.dataDir, 'image-variants', '2030', '01');
  const names = await fs.readdir(folder).catch(() => [] as string[]);
  return names.filter((name) => urls.some((url) => name.startsWith(`${path.basename(url)}.`)));
}

/** A request written on a raw socket and left there: its client can hang up at any moment. */
function ask(url: string, client: string): net.Socket {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write(
    `GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: ${BROWSER}\r\nX-Forwarded-For: ${client}\r\nConnection: close\r\n\r\n`,
  );
  return socket;
}

/** A whole answer to a browser-like request from `client`. */
function fetchAs(url: string, client: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: url, agent: false, headers: { Accept: BROWSER, 'X-Forwarded-For': client } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

describe('GET /uploads/…?w= under load (nobody can stall the variants)', () => {
  it('should drop the variants of requests whose clients hung up, and answer another client at once', async () => {
    const photos = await largePhotos(16);
    const asked = photos.flatMap((url) => [`${url}?w=1920`, `${url}?w=1440`]);
    const before = await countsWhen(idle, 'an idle queue');
    // 32 requests for large variants nobody has made, from 32 addresses (so no per-client limit is what stops them).
    const sockets = asked.map((url, i) => ask(url, `198.51.100.${i + 1}`));
    // Every request has been dealt with: queued, being made, or sent the original because the queue was full.
    const busy = await countsWhen(
      (c) =>
        c.queued + c.running + (c.queueFull - before.queueFull) + (c.resized - before.resized) >= asked.length &&
        c.queued > 0,
      'every request queued or answered',
    );
    expect(busy.queued).toBeLessThanOrEqual(VARIANT_QUEUE_LIMIT);
    expect(busy.queueFull - before.queueFull).toBeGreaterThanOrEqual(asked.length - VARIANT_QUEUE_LIMIT - 1);
    for (const socket of sockets) socket.destroy();

    // Another visitor's small variant is made and answered, whatever was asked for before.
    const [visitor] = await largePhotos(1);
    const small = await fetchAs(`${visitor}?w=160`, '192.0.2.10');
    expect(small.status).toBe(200);
    expect(small.headers['content-type']).toBe('image/avif');
    expect(await shape(small.body)).toEqual({ format: 'heif', width: 160, height: 107 });

    const after = await countsWhen(idle, 'the queue empty again');
    // The abandoned requests cost at most the resize under way when their clients left, and one more that may
    // have started before the server saw them go; the rest were dropped unmade.
    expect(after.resized - before.resized).toBeLessThanOrEqual(3);
    expect(after.dropped - before.dropped).toBeGreaterThanOrEqual(busy.queued - 2);
    expect((await variantsOf(photos)).length).toBeLessThanOrEqual(2);
  });

  it(`should let one client wait for ${VARIANT_JOBS_PER_CLIENT} variants at a time and send it originals beyond`, async () => {
    const photos = await largePhotos(VARIANT_JOBS_PER_CLIENT + 2);
    const [ready] = await largePhotos(1);
    const made = await fetchAs(`${ready}?w=640`, '192.0.2.20');
    expect(made.headers['content-type']).toBe('image/avif');
    const before = await countsWhen(idle, 'an idle queue');

    // Another client's large variant first, so that the worker is busy when this client's requests arrive.
    const other = fetchAs(`${photos[0]}?w=1440`, '192.0.2.21');
    await countsWhen((c) => c.running === 1, 'the other client being served');
    const client = '203.0.113.50';
    const answers = photos.map((url) => fetchAs(`${url}?w=1920`, client));
    const limited = await countsWhen(
      (c) => c.clientLimit - before.clientLimit >= 2,
      'the requests over the limit answered',
    );
    // While it waits for its variants, one made already is still served to it, and to anyone.
    const again = await fetchAs(`${ready}?w=640`, client);
    expect(again.status).toBe(200);
    expect(again.headers['content-type']).toBe('image/avif');
    expect(again.body.equals(made.body)).toBe(true);
    expect(limited.running + limited.queued).toBeGreaterThanOrEqual(VARIANT_JOBS_PER_CLIENT);

    const results = await Promise.all(answers);
    const original = await fs.readFile(path.join(t.config.uploadsDir, '2030', '01', path.basename(photos[0]!)));
    const variants = results.filter((res) => res.headers['content-type'] === 'image/avif');
    const originals = results.filter((res) => res.headers['content-type'] === 'image/jpeg');
    expect(results.map((res) => res.status)).toEqual(results.map(() => 200));
    expect(variants).toHaveLength(VARIANT_JOBS_PER_CLIENT);
    expect(originals).toHaveLength(photos.length - VARIANT_JOBS_PER_CLIENT);
    for (const res of originals) {
      // The picture itself, which no cache keeps for this address: the next request may get the variant.
      expect(res.body.equals(original)).toBe(true);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    for (const res of variants) expect((await shape(res.body)).width).toBe(1920);
    expect((await other).headers['content-type']).toBe('image/avif');
    const after = await countsWhen(idle, 'the queue empty again');
    expect(after.clientLimit - before.clientLimit).toBe(photos.length - VARIANT_JOBS_PER_CLIENT);
    // Only what was waited for was made: the other client's, and this client's first few.
    expect(after.resized - before.resized).toBe(1 + VARIANT_JOBS_PER_CLIENT);
  });
});

describe('GET /uploads/…?w= on a full disk', () => {
  it.each(['ENOSPC', 'EDQUOT'] as const)(
    'should answer the original when the variant cannot be stored (%s), leaving no partial file',
    async (code) => {
      const [url] = await largePhotos(1);
      const before = await countsWhen(idle, 'an idle queue');
      const disk = fillDisk(t, 100, code);
      let res;
      try {
        res = await fetchAs(`${url}?w=320`, '192.0.2.30');
      } finally {
        disk.restore();
      }
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe('no-cache');
      // The variant was resized and its first bytes written: the fault happened, and nothing of it is left.
      expect(disk.started).toHaveLength(1);
      expect(disk.started[0]!.written).toBe(100);
      expect(existsSync(disk.started[0]!.file)).toBe(false);
      expect(await variantsOf([url!])).toEqual([]);
      expect((await variantCounts()).unwritten - before.unwritten).toBe(1);

      // With room again, the same address gets its variant.
      const later = await fetchAs(`${url}?w=320`, '192.0.2.30');
      expect(later.headers['content-type']).toBe('image/avif');
      expect(await variantsOf([url!])).toEqual([`${path.basename(url!)}.320.avif`]);
    },
    60_000,
  );
});
