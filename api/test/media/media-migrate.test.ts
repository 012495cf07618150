import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ImageVariants } from '../../src/content/uploads/image-variants.js';
import { runMediaCommand } from '../../src/media-command.js';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE } from '../../src/core/command.js';
import { LocalMediaStore } from '../../src/core/media/local-media-store.js';
import { S3MediaStore } from '../../src/core/media/s3-media-store.js';
import { loadConfig } from '../../src/config/config.js';
import { login } from '../support/admin-session.js';
import { ok } from '../support/envelope.js';
import { photo } from '../support/images/sample-images.js';
import { bucketName, startTestS3, type TestS3 } from '../support/s3-server.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * `npm run media -- migrate` (src/media-command.ts, run in this process): a site that kept its media on the local
 * disk is copied into a bucket of a real S3-protocol server, every object checked, and then served from there.
 */
const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

let s3: TestS3;
let local: TestApp;
let dataDir: string;
let uploaded: string;
beforeAll(async () => {
  s3 = await startTestS3();
  dataDir = path.join(process.env.TEST_ROOT ?? '/tmp', `migrate-${randomBytes(4).toString('hex')}`);
  local = await createTestApp({ DATA_DIR: dataDir });
  const token = await login(local);
  uploaded = ok<{ url: string }>(
    await local.http
      .post('/api/uploader')
      .set('token', token)
      .attach('file', await photo(), 'photo.jpg'),
  ).url;
  // A variant made on the local disk travels too.
  expect((await local.http.get(`${uploaded}?w=320`).set('Accept', 'image/avif')).status).toBe(200);
  // The upload's other variants are made in the background: the copy starts once they are all on the disk.
  const variants = local.app.get(ImageVariants);
  while (variants.stats().running + variants.stats().queued > 0) await new Promise((done) => setTimeout(done, 20));
});
afterAll(async () => {
  await local.close();
  await s3.close();
});

async function media(args: string[], env: Record<string, string>) {
  const lines: string[] = [];
  const code = await runMediaCommand(
    args,
    { LOG_LEVEL: 'error', ...env },
    { cwd: repoRoot, root: repoRoot },
    { out: (line) => lines.push(line), err: (line) => lines.push(line) },
  );
  return { code, text: lines.join('\n') };
}

async function keys(store: { list(prefix: string): AsyncIterable<{ key: string; size: number }> }) {
  const found: string[] = [];
  for (const prefix of ['uploads/', 'image-variants/'])
    for await (const { key, size } of store.list(prefix)) found.push(`${key} ${size}`);
  return found;
}

describe('npm run media -- migrate', () => {
  it('should copy every local object into the bucket, checked, and leave it alone when run again', async () => {
    const env = { DATA_DIR: dataDir, ...s3.env(bucketName('migrated')) };
    const first = await media(['migrate'], env);
    // The whole answer, so that a failure shows what the command said.
    expect(first).toMatchObject({ code: EXIT_OK });
    expect(first.text).toMatch(/Copied (\d+) objects \([\d.]+ MB\); 0 were already there\. Every object was read back/);

    const source = new LocalMediaStore(dataDir);
    const bucket = new S3MediaStore(loadConfig(env).media.s3!);
    try {
      const expected = await keys(source);
      expect(expected.length).toBeGreaterThan(10);
      expect(expected.some((line) => line.startsWith('image-variants/'))).toBe(true);
      expect(await keys(bucket)).toEqual(expected);
      expect(await bucket.readBytes(uploaded.slice(1))).toEqual(await source.readBytes(uploaded.slice(1)));
    } finally {
      await bucket.close();
    }
    const again = await media(['migrate'], env);
    expect(again).toMatchObject({ code: EXIT_OK });
    expect(again.text).toContain('Copied 0 objects (0.0 MB);');

    // Switched over: the same site serves its media from the bucket.
    const switched = await createTestApp({ ...env, DATA_DIR: `${dataDir}-switched` }, { reuse: local });
    try {
      const [was, is] = await Promise.all([
        local.http.get(uploaded).buffer(true),
        switched.http.get(uploaded).buffer(true),
      ]);
      expect(is.status).toBe(200);
      expect(Buffer.compare(is.body as Buffer, was.body as Buffer)).toBe(0);
    } finally {
      await switched.close();
    }
  });

  it('should say what is missing or wrong on the command line', async () => {
    const unset = await media(['migrate'], { DATA_DIR: dataDir });
    expect(unset).toEqual({
      code: EXIT_FAILED,
      text: 'S3_BUCKET is not set: describe the bucket to copy into with the S3_* variables.',
    });
    expect((await media(['copy'], { DATA_DIR: dataDir })).code).toBe(EXIT_USAGE);
    expect((await media(['migrate', 'extra'], { DATA_DIR: dataDir })).code).toBe(EXIT_USAGE);
    const down = await media(['migrate'], {
      DATA_DIR: dataDir,
      ...s3.env('bucket'),
      S3_ENDPOINT: 'http://127.0.0.1:9',
    });
    expect(down.code).toBe(EXIT_FAILED);
    expect(down.text).toContain('Cannot open the bucket in s3://bucket at http://127.0.0.1:9');
  });
});
