import { randomBytes } from 'node:crypto';
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { LocalMediaStore } from '../../src/core/media/local-media-store.js';
import { MEDIA_STORE } from '../../src/core/media/media-store.js';
import { detectImage, isLosslessWebp } from '../../src/content/uploads/image-type.js';
import {
  MAX_SIDE,
  UPLOAD_DISK_FULL,
  UPLOAD_REFUSED,
  UPLOAD_TOO_MANY_PIXELS,
  UPLOAD_UNREADABLE,
} from '../../src/content/uploads/uploads.service.js';
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
import { gif, png, pngChunk, polyglot, SAMPLE_IMAGES, webp } from '../support/images/sample-images.js';
import { login } from '../support/admin-session.js';
import { ok, refused } from '../support/envelope.js';
import { fillDisk } from '../support/full-disk.js';
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

/**
 * The attack suite's hostile uploads (docs/behaviour.md "Attack suite"): files that are not what they claim,
 * names meant to escape the uploads folder or to fool a person reading them, wrong fields and too many files.
 * Everything that is not a JPEG, PNG, GIF or WebP is refused; a real picture is stored whatever its name, under
 * a name the server chooses, so a hostile name never reaches the disk.
 */
describe('POST /api/uploader and /api/uploaders with a hostile upload set', () => {
  const boundary = 'hostile-upload-boundary';
  /** A multipart body written by hand, so that names no client library would send go out byte for byte. */
  const multipart = (parts: Array<{ field: string; filename?: string; bytes: Buffer; type?: string }>) =>
    Buffer.concat([
      ...parts.flatMap(({ field, filename, bytes, type }) => [
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"` +
            (filename === undefined ? '' : `; filename="${filename}"`) +
            `\r\nContent-Type: ${type ?? 'image/png'}\r\n\r\n`,
          'utf8',
        ),
        bytes,
        Buffer.from('\r\n'),
      ]),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
  const post = (url: string, body: Buffer) =>
    t.http.post(url).set('token', token).set('Content-Type', `multipart/form-data; boundary=${boundary}`).send(body);

  /**
   * Every file of this app's DATA_DIR and the files directly in the test root above it (where a name climbing
   * out of the uploads folder would land), relative to the root. The other folders of the root belong to the
   * embedded database and to other test files running meanwhile.
   */
  async function files(): Promise<Set<string>> {
    const root = path.dirname(t.config.dataDir);
    const found = new Set<string>();
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (dir !== root || full === t.config.dataDir) await walk(full);
        } else found.add(path.relative(root, full));
      }
    };
    await walk(root);
    return found;
  }
  let before: Set<string>;
  beforeAll(async () => {
    before = await files();
  });

  const html = '<!doctype html><html><body><script>alert(document.domain)</script></body></html>';
  const notImages: Array<[string, Buffer, string, string]> = [
    [
      'a PDF/HTML polyglot',
      Buffer.from(`%PDF-1.4\n%\u00e2\u00e3\n1 0 obj<<>>endobj\n${html}\n%%EOF`, 'latin1'),
      'doc.png',
      'image/png',
    ],
    [
      'an HTML page after a GIF header',
      Buffer.concat([Buffer.from('GIF89a'), Buffer.from(html)]),
      'x.gif',
      'image/gif',
    ],
    [
      'an HTML page after a PNG signature',
      Buffer.concat([SAMPLE_IMAGES.png.subarray(0, 8), Buffer.from(html)]),
      'x.png',
      'image/png',
    ],
    [
      'an HTML page after a JPEG start',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(html)]),
      'x.jpg',
      'image/jpeg',
    ],
    [
      'a RIFF/WEBP header around HTML',
      Buffer.concat([Buffer.from('RIFF\u0040\u0000\u0000\u0000WEBPVP8 ', 'latin1'), Buffer.from(html)]),
      'x.webp',
      'image/webp',
    ],
    ['a GIF with HTML in its comment', gif(html.slice(0, 200)), 'x.gif', 'image/gif'],
    [
      'an SVG without script',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"><rect width="2" height="2"/></svg>'),
      'x.svg',
      'image/svg+xml',
    ],
    [
      'an SVG with an XML prolog and a foreignObject',
      Buffer.from(
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><foreignObject><body xmlns="http://www.w3.org/1999/xhtml" onload="alert(1)"/></foreignObject></svg>',
      ),
      'x.png',
      'image/png',
    ],
    [
      'an SVG behind a byte order mark and spaces',
      Buffer.from('\ufeff  \n<svg onload=alert(1)></svg>'),
      'x.jpg',
      'image/jpeg',
    ],
    ['an HTML page', Buffer.from(html), 'index.html', 'text/html'],
    [
      'an XHTML page named .webp',
      Buffer.from(`<html xmlns="http://www.w3.org/1999/xhtml">${html}</html>`),
      'x.webp',
      'image/webp',
    ],
    ['a PHP script named .jpg', Buffer.from("<?php echo shell_exec($_GET['c']); ?>"), 'shell.jpg', 'image/jpeg'],
    [
      'a ZIP archive named .png',
      Buffer.from('PK\u0003\u0004\u0014\u0000\u0000\u0000\u0008\u0000', 'latin1'),
      'x.png',
      'image/png',
    ],
    ['an ELF program named .gif', Buffer.from('\u007fELF\u0002\u0001\u0001\u0000', 'latin1'), 'x.gif', 'image/gif'],
    ['a BMP picture', Buffer.concat([Buffer.from('BM', 'latin1'), Buffer.alloc(60)]), 'x.bmp', 'image/bmp'],
    ['a TIFF picture named .jpg', Buffer.from('II*\u0000\u0008\u0000\u0000\u0000', 'latin1'), 'x.jpg', 'image/jpeg'],
    ['an ICO named .png', Buffer.from([0, 0, 1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 32, 0]), 'favicon.png', 'image/png'],
    ['plain text named .png', Buffer.from('just some text'), 'notes.png', 'image/png'],
    [
      'a JavaScript file named .jpg',
      Buffer.from('fetch("/api/quit",{method:"POST"})'),
      'x.jpg',
      'application/javascript',
    ],
    ['a PNG signature alone', SAMPLE_IMAGES.png.subarray(0, 8), 'x.png', 'image/png'],
    ['a truncated GIF', SAMPLE_IMAGES.gif.subarray(0, 20), 'x.gif', 'image/gif'],
  ];

  it.each(notImages)('should refuse %s on both upload calls', async (_what, bytes, filename, type) => {
    const refusal = refused(await post('/api/uploader', multipart([{ field: 'file', filename, bytes, type }])), 2);
    expect([UPLOAD_REFUSED, UPLOAD_UNREADABLE]).toContain(refusal);
    const editor = await post('/api/uploaders', multipart([{ field: 'upload', filename, bytes, type }]));
    expect(editor.body).toEqual({ error: { message: refusal } });
  });

  it('should refuse an oversized file on both calls, whatever its content', async () => {
    const big = Buffer.concat([SAMPLE_IMAGES.jpg, Buffer.alloc(64 * 1024)]);
    for (const [url, field] of [
      ['/api/uploader', 'file'],
      ['/api/uploaders', 'upload'],
    ] as const) {
      const res = await post(url, multipart([{ field, filename: 'big.jpg', bytes: big, type: 'image/jpeg' }]));
      expect(res.body.msg ?? res.body.error?.message).toBe('图片不能超过 64KB');
      expect(res.body.code ?? 2).toBe(2);
    }
  });

  const names = [
    '../../x.png',
    '../../../../../../etc/cron.d/x.png',
    '..%2f..%2fx.png',
    '..\\..\\x.png',
    'C:\\Windows\\System32\\x.png',
    '/etc/passwd',
    `${'n'.repeat(1000)}.png`,
    'CON',
    'NUL.png',
    'COM1.png',
    'aux.png',
    'x\u202egnp.exe',
    'x.php.png',
    '.htaccess',
    'x.png;.html',
    '<img src=x onerror=alert(1)>.png',
  ];

  it.each([
    // The multipart parser takes a part named "" or ending in "/" as a text field, and a NUL as a broken header.
    ['an empty name', '', '请选择要上传的图片'],
    ['a name ending in a slash', 'x.png/', '请选择要上传的图片'],
    ['a name holding a NUL', 'x.png\u0000.html', '请选择一张图片上传'],
  ])('should refuse a real picture with %s as no file at all', async (_what, filename, message) => {
    const res = await post('/api/uploader', multipart([{ field: 'file', filename, bytes: SAMPLE_IMAGES.png }]));
    expect(refused(res, 2)).toBe(message);
  });

  it.each(names.map((name) => [JSON.stringify(name.length > 40 ? `${name.slice(0, 20)}…` : name), name]))(
    'should store a real picture named %s under a name the server chooses',
    async (_shown, filename) => {
      const data = ok<{ url: string }>(
        await post('/api/uploader', multipart([{ field: 'file', filename, bytes: SAMPLE_IMAGES.png }])),
      );
      expect(data.url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    },
  );

  it.each([
    ['another field name', [{ field: 'image', filename: 'a.png', bytes: SAMPLE_IMAGES.png }]],
    ['an upper-case field name', [{ field: 'FILE', filename: 'a.png', bytes: SAMPLE_IMAGES.png }]],
    ['an array field name', [{ field: 'file[]', filename: 'a.png', bytes: SAMPLE_IMAGES.png }]],
    ['a __proto__ field name', [{ field: '__proto__', filename: 'a.png', bytes: SAMPLE_IMAGES.png }]],
    ['the picture as a text field', [{ field: 'file', bytes: SAMPLE_IMAGES.png }]],
    [
      'two files in the field',
      [
        { field: 'file', filename: 'a.png', bytes: SAMPLE_IMAGES.png },
        { field: 'file', filename: 'b.gif', bytes: SAMPLE_IMAGES.gif },
      ],
    ],
    [
      'twenty files',
      Array.from({ length: 20 }, (_, i) => ({ field: 'file', filename: `${i}.png`, bytes: SAMPLE_IMAGES.png })),
    ],
    [
      'a file among fifty text fields',
      [
        ...Array.from({ length: 50 }, (_, i) => ({ field: `f${i}`, bytes: Buffer.from('x') })),
        { field: 'file', filename: 'a.png', bytes: SAMPLE_IMAGES.png },
      ],
    ],
  ])('should refuse %s, storing nothing', async (_what, parts) => {
    const listed = await files();
    refused(await post('/api/uploader', multipart(parts)), 2);
    // The editor call takes its file in "upload": the same parts sent there are refused too.
    const editor = await post(
      '/api/uploaders',
      multipart(parts.map((part) => ({ ...part, field: part.field === 'file' ? 'upload' : part.field }))),
    );
    expect(editor.body).toEqual({ error: { message: expect.stringMatching(/\p{Script=Han}/u) } });
    // Nothing stored by these two calls (other test files may store pictures meanwhile: none of these is new).
    expect([...(await files())].filter((file) => !listed.has(file) && !serverNamed(file))).toEqual([]);
  });

  /**
   * What the server writes under DATA_DIR: uploads named by it (YYYY/MM/<32 hex>.<ext>, `.<random>.part` while
   * being written: other test files upload meanwhile), the resized variants of those (image-variants/, also
   * `.<random>.part` while being written), and the demo images of the seed.
   */
  const SERVER_NAMED =
    /^(uploads\/(\d{4}\/\d{2}\/[0-9a-f]{32}\.(png|jpg|gif|webp)|seed\/[\w./-]+)|image-variants\/(\d{4}\/\d{2}\/[0-9a-f]{32}\.(png|jpg|gif|webp)|seed\/[\w./-]+)\.\d+\.(avif|webp))(\.[0-9a-f]{12}\.part)?$/;

  const serverNamed = (file: string) => {
    const inData = path.relative(t.config.dataDir, path.join(path.dirname(t.config.dataDir), file));
    return !inData.startsWith('..') && SERVER_NAMED.test(inData.split(path.sep).join('/'));
  };

  it('should have written nothing but server-named files inside DATA_DIR', async () => {
    const added = [...(await files())].filter((file) => !before.has(file));
    expect(added.filter((file) => !serverNamed(file))).toEqual([]);
    expect(added.filter((file) => /uploads.\d{4}/.test(file)).length).toBeGreaterThanOrEqual(names.length);
  });
});

/**
 * A full disk, played by making the app's file writes fail with ENOSPC (or EDQUOT) once a file has its first
 * bytes on disk, on an app with a DATA_DIR of its own, so that every file in it is this test's doing.
 */
describe('uploads on a full disk', () => {
  let full: TestApp;
  beforeAll(async () => {
    const dataDir = path.join(process.env.TEST_ROOT ?? '/tmp', `full-disk-${randomBytes(4).toString('hex')}`);
    full = await createTestApp({ DATA_DIR: dataDir, UPLOAD_MAX_BYTES: String(64 * 1024) }, { reuse: t });
  });
  afterAll(() => full.close());

  /** Every file under the app's uploads folder, relative to it. */
  async function uploadsFolder(): Promise<string[]> {
    const names = await fs.readdir(full.config.uploadsDir, { recursive: true, withFileTypes: true });
    return names
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(full.config.uploadsDir, path.join(entry.parentPath, entry.name)))
      .sort();
  }

  it.each([
    ['ENOSPC', '/api/uploader'],
    ['EDQUOT', '/api/uploader'],
    ['ENOSPC', '/api/uploaders'],
  ] as const)('should refuse an upload in words when the disk is full (%s, %s), storing nothing', async (code, url) => {
    const listed = await uploadsFolder();
    const disk = fillDisk(full, 32, code);
    let res;
    try {
      const field = url === '/api/uploader' ? 'file' : 'upload';
      res = await full.http.post(url).set('token', token).attach(field, SAMPLE_IMAGES.png, 'a.png');
    } finally {
      disk.restore();
    }
    if (url === '/api/uploader') {
      expect(refused(res, 1)).toBe(UPLOAD_DISK_FULL);
    } else {
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ error: { message: UPLOAD_DISK_FULL } });
    }
    expect(UPLOAD_DISK_FULL).toBe('服务器磁盘空间已满，图片未能保存，请联系技术人员清理后再试');
    // The upload reached the disk in part before the disk was full: that part is gone, and nothing else came.
    expect(disk.started).toHaveLength(1);
    expect(disk.started[0]!.written).toBe(32);
    expect(existsSync(disk.started[0]!.file)).toBe(false);
    expect(await uploadsFolder()).toEqual(listed);
  });

  it('should store again once there is room', async () => {
    const data = ok<{ url: string }>(
      await full.http.post('/api/uploader').set('token', token).attach('file', SAMPLE_IMAGES.png, 'a.png'),
    );
    expect((await full.http.get(data.url)).status).toBe(200);
  });

  it('should serve no file being written, nor any file the server did not name, even when it is there', async () => {
    const stem = `${randomBytes(16).toString('hex')}.png`;
    const folder = path.join(full.config.uploadsDir, '2026', '11');
    await fs.mkdir(folder, { recursive: true });
    const unfinished = [
      `${stem}.part`,
      `${stem}.0123456789ab.part`,
      `${stem}.4242.tmp`,
      `${stem.toUpperCase()}`,
      `${stem.replace('.png', '.svg')}`,
      'notes.txt',
      'shell.php',
      '.htaccess',
    ];
    for (const name of unfinished) await fs.writeFile(path.join(folder, name), SAMPLE_IMAGES.png);
    await fs.writeFile(path.join(full.config.uploadsDir, 'seed', 'v1', 'logo.svg.4242.tmp'), '<svg/>');
    await fs.writeFile(path.join(full.config.uploadsDir, `${stem}`), SAMPLE_IMAGES.png);
    try {
      for (const url of [
        ...unfinished.map((name) => `/uploads/2026/11/${name}`),
        ...unfinished.map((name) => `/uploads/2026/11/${name}?w=640`),
        `/uploads/2026/11/${stem}%2epart`,
        '/uploads/seed/v1/logo.svg.4242.tmp',
        `/uploads/${stem}`,
      ]) {
        const res = await full.http.get(url).set('Accept', 'image/avif,*/*');
        expect({ url, status: res.status, type: res.headers['content-type'] }).toEqual({
          url,
          status: 404,
          type: expect.stringMatching(/^text\/plain/),
        });
      }
      // The finished file next to them is served.
      await fs.writeFile(path.join(folder, stem), SAMPLE_IMAGES.png);
      expect((await full.http.get(`/uploads/2026/11/${stem}`)).status).toBe(200);
    } finally {
      for (const name of [...unfinished, stem]) await fs.rm(path.join(folder, name), { force: true });
      await fs.rm(path.join(full.config.uploadsDir, 'seed', 'v1', 'logo.svg.4242.tmp'), { force: true });
      await fs.rm(path.join(full.config.uploadsDir, stem), { force: true });
    }
  });

  it('should delete at start what an interrupted write left, once it is a few minutes old', async () => {
    const variants = path.join(full.config.dataDir, 'image-variants', '2026', '11');
    const folder = path.join(full.config.uploadsDir, '2026', '11');
    await fs.mkdir(variants, { recursive: true });
    const stem = randomBytes(16).toString('hex');
    const old = [
      path.join(folder, `${stem}.png.0123456789ab.part`),
      path.join(folder, `${stem}.jpg.part`),
      path.join(variants, `${stem}.png.640.avif.0123456789ab.part`),
      path.join(variants, `${stem}.png.640.webp.77.tmp`),
      path.join(full.config.uploadsDir, 'seed', 'v1', 'logo.svg.77.tmp'),
    ];
    const fresh = path.join(folder, `${stem}.gif.ba9876543210.part`);
    const finished = path.join(folder, `${stem}.png`);
    const minutesAgo = new Date(Date.now() - 10 * 60_000);
    for (const file of [...old, fresh, finished]) await fs.writeFile(file, 'x');
    for (const file of [...old, finished]) await fs.utimes(file, minutesAgo, minutesAgo);

    expect(await full.app.get<LocalMediaStore>(MEDIA_STORE).sweep()).toBe(old.length);
    expect(old.filter((file) => existsSync(file))).toEqual([]);
    // One being written now (perhaps by another server on this DATA_DIR) and a finished upload stay.
    expect(existsSync(fresh)).toBe(true);
    expect(existsSync(finished)).toBe(true);
    await fs.rm(fresh);
    await fs.rm(finished);
  });
});
