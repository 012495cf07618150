import sharp from 'sharp';
import { detectImage, isLosslessWebp } from '../../src/modules/uploads/image-type.js';
import { MAX_SIDE, UPLOAD_TOO_MANY_PIXELS, UPLOAD_UNREADABLE } from '../../src/modules/uploads/uploads.service.js';
import {
  exifSegment,
  fixture,
  gifFrames,
  gifScript,
  jpegComment,
  MARKERS,
  PHP_SHORT,
  pngHidingText,
  withGifComment,
  withJpegSegments,
  withWebpChunk,
  XSS,
} from '../support/images/hostile-images.js';
import { png, pngChunk, polyglot, SAMPLE_IMAGES, webp } from '../support/images/sample-images.js';
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

const upload = (bytes: Buffer, filename: string, contentType = 'image/png') =>
  t.http.post('/api/uploader').set('token', token).attach('file', bytes, { filename, contentType });

/** The stored file, read back through /uploads/. */
async function stored(url: string): Promise<Buffer> {
  const res = await t.http.get(url).buffer(true);
  expect(res.status).toBe(200);
  return res.body as Buffer;
}

/** What a decoder sees: format, size, frames and their timing. */
async function shape(bytes: Buffer) {
  const meta = await sharp(bytes, { animated: true }).metadata();
  return {
    format: meta.format,
    width: meta.width,
    height: meta.height,
    pages: meta.pages ?? 1,
    delay: meta.delay,
    loop: meta.loop,
  };
}

/** No payload marker anywhere in the bytes, and no metadata block a decoder would report. */
async function expectClean(bytes: Buffer): Promise<void> {
  const text = bytes.toString('latin1');
  for (const marker of MARKERS) expect(text).not.toContain(marker);
  const meta = await sharp(bytes).metadata();
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.comments).toBeUndefined();
}

describe('POST /api/uploader', () => {
  it.each([
    ['camera.jpg', 'jpg', 'image/jpeg'],
    ['photo.png', 'png', 'image/png'],
    ['animated.gif', 'gif', 'image/gif'],
    ['lossy.webp', 'webp', 'image/webp'],
    ['lossless.webp', 'webp', 'image/webp'],
  ])(
    'should store %s re-encoded under a random name and serve it as an image, never sniffed',
    async (name, ext, mime) => {
      const bytes = fixture(name);
      const data = ok<{ url: string }>(await upload(bytes, name, mime));
      expect(data.url).toMatch(new RegExp(`^/uploads/\\d{4}/\\d{2}/[0-9a-f]{32}\\.${ext}$`));
      const res = await t.http.get(data.url).buffer(true);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe(mime);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain('sandbox');
      expect(await shape(res.body as Buffer)).toEqual(await shape(bytes));
    },
  );

  it('should keep a WebP lossless or lossy as it was', async () => {
    for (const [name, lossless] of [
      ['lossless.webp', true],
      ['lossy.webp', false],
    ] as const) {
      const data = ok<{ url: string }>(await upload(fixture(name), name, 'image/webp'));
      expect(isLosslessWebp(await stored(data.url))).toBe(lossless);
    }
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

describe('POST /api/uploader with hostile images', () => {
  it.each([
    [
      'a JPEG with a comment and an EXIF description',
      withJpegSegments(fixture('camera.jpg'), exifSegment(XSS), jpegComment(XSS)),
      'jpg',
    ],
    ['a PNG with a text chunk', png(XSS), 'png'],
    ['a lossy WebP with an extra chunk', withWebpChunk(fixture('lossy.webp'), 'XTRA', Buffer.from(XSS)), 'webp'],
    ['a lossless WebP with an EXIF chunk', webp(XSS), 'webp'],
    ['a GIF with a comment', withGifComment(fixture('animated.gif'), XSS), 'gif'],
    ['a GIF that is also JavaScript', gifScript('alert(1)'), 'gif'],
  ])('should store %s re-encoded, without the payload', async (_what, bytes, ext) => {
    // The payload is in the upload, and the upload passes the content check: only re-encoding removes it.
    expect(MARKERS.some((marker) => bytes.toString('latin1').includes(marker))).toBe(true);
    const data = ok<{ url: string }>(await upload(bytes, `picture.${ext}`));
    expect(data.url).toMatch(new RegExp(`^/uploads/\\d{4}/\\d{2}/[0-9a-f]{32}\\.${ext}$`));
    const body = await stored(data.url);
    await expectClean(body);
    expect(await shape(body)).toEqual(await shape(bytes));
  });

  it('should turn the GIF/JavaScript polyglot into a picture that is no script', async () => {
    const polyglotGif = gifScript('alert(1)');
    expect(() => new Function(polyglotGif.toString('latin1'))).not.toThrow();
    const body = await stored(ok<{ url: string }>(await upload(polyglotGif, 'x.gif', 'image/gif')).url);
    expect(() => new Function(body.toString('latin1'))).toThrow(SyntaxError);
  });

  it('should store a JPEG named .php with a PHP tag inside as a clean .jpg', async () => {
    const shell = withJpegSegments(fixture('camera.jpg'), jpegComment(PHP_SHORT));
    const data = ok<{ url: string }>(await upload(shell, 'shell.php', 'application/x-php'));
    expect(data.url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.jpg$/);
    const body = await stored(data.url);
    await expectClean(body);
    expect(await shape(body)).toEqual(await shape(shell));
    // The long tag is markup, refused before anything is decoded.
    const longTag = withJpegSegments(fixture('camera.jpg'), jpegComment('<?php system($_GET[c]); ?>'));
    expect(refused(await upload(longTag, 'shell.php', 'application/x-php'), 2)).toBe(
      '只能上传 JPG、PNG、GIF 或 WebP 图片',
    );
  });

  it('should turn the picture as its EXIF orientation says, then drop the EXIF', async () => {
    const rotated = withJpegSegments(fixture('camera.jpg'), exifSegment('rotated', 6));
    expect((await sharp(rotated).metadata()).orientation).toBe(6);
    const body = await stored(ok<{ url: string }>(await upload(rotated, 'rotated.jpg', 'image/jpeg')).url);
    const meta = await sharp(body).metadata();
    expect([meta.width, meta.height]).toEqual([30, 40]);
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
  });

  it.each([
    // Only the headers claim these sizes; their pixel data is a few bytes. Decoding them would fail with
    // another message, so this one shows they were refused from the header alone.
    ['a PNG claiming 65535x65535', png('', { width: 65535, height: 65535 })],
    [`a PNG claiming a side of ${MAX_SIDE + 1}`, png('', { width: MAX_SIDE + 1, height: 1 })],
    ['a PNG claiming 6400x6400 (41 megapixels)', png('', { width: 6400, height: 6400 })],
    ['a GIF of two 5000x5000 frames (50 megapixels in all)', gifFrames(5000, 5000, 2)],
  ])('should refuse %s before decoding it', async (_what, bytes) => {
    expect(refused(await upload(bytes, 'huge.png'), 2)).toBe(UPLOAD_TOO_MANY_PIXELS);
  });

  it(`should accept a picture ${MAX_SIDE} pixels wide`, async () => {
    const wide = await sharp({ create: { width: MAX_SIDE, height: 2, channels: 3, background: '#2f7cf6' } })
      .png()
      .toBuffer();
    const body = await stored(ok<{ url: string }>(await upload(wide, 'wide.png')).url);
    expect(await shape(body)).toEqual(await shape(wide));
  });

  it('should refuse a well-formed file whose pixel data cannot be decoded', async () => {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(2, 0);
    header.writeUInt32BE(2, 4);
    header.set([8, 2, 0, 0, 0], 8);
    const broken = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', header),
      pngChunk('IDAT', Buffer.from('this is not zlib data', 'latin1')),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
    expect(refused(await upload(broken, 'broken.png'), 2)).toBe(UPLOAD_UNREADABLE);
  });

  it('should refuse a picture whose re-encoded bytes would carry markup', async () => {
    // Pixels chosen so that the encoder writes `<script>` although the upload's bytes hold none.
    const crafted = pngHidingText('<script>alert(1)</script>');
    expect(detectImage(crafted)?.ext).toBe('png');
    expect((await sharp(crafted).png().toBuffer()).toString('latin1')).toContain('<script>alert(1)</script>');
    expect(refused(await upload(crafted, 'crafted.png'), 2)).toBe('只能上传 JPG、PNG、GIF 或 WebP 图片');
  });

  it('should keep a re-encoded file larger than the cap when the upload was within it', async () => {
    // Noise saved at JPEG quality 40 (about 50 KB) grows when it is saved again at quality 85 (about 73 KB).
    const noise = Buffer.alloc(400 * 400 * 3);
    let seed = 7;
    for (let i = 0; i < noise.length; i += 1) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      noise[i] = seed >>> 24;
    }
    const small = await sharp(noise, { raw: { width: 400, height: 400, channels: 3 } })
      .jpeg({ quality: 40 })
      .toBuffer();
    expect(small.length).toBeLessThanOrEqual(64 * 1024);
    const body = await stored(ok<{ url: string }>(await upload(small, 'noise.jpg', 'image/jpeg')).url);
    expect(body.length).toBeGreaterThan(64 * 1024);
    expect(await shape(body)).toEqual(await shape(small));
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

  it('should re-encode the picture like the back office uploader does', async () => {
    const res = await editorUpload(png(XSS));
    const body = await stored(res.body.url as string);
    await expectClean(body);
    expect(await shape(body)).toEqual(await shape(png(XSS)));
    expect((await editorUpload(png('', { width: 65535, height: 65535 }))).body).toEqual({
      error: { message: UPLOAD_TOO_MANY_PIXELS },
    });
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
