import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Tiny but genuine images of every accepted kind, for tests (built here so no binary file is committed). */

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A 2x2 RGB PNG; `extra` goes into a text chunk (to build polyglots). `size` only changes what the header
 * declares (the pixel data stays 2x2): a well-formed file that claims any dimensions.
 */
export function png(extra = '', size = { width: 2, height: 2 }): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size.width, 0);
  header.writeUInt32BE(size.height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.from([0, 255, 0, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    ...(extra ? [pngChunk('tEXt', Buffer.from(`Comment\0${extra}`, 'latin1'))] : []),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 1x1 GIF89a; `extra` goes into a comment extension. */
export function gif(extra = ''): Buffer {
  const comment = extra
    ? Buffer.concat([Buffer.from([0x21, 0xfe, extra.length]), Buffer.from(extra, 'latin1'), Buffer.from([0])])
    : Buffer.alloc(0);
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    Buffer.from([1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff]),
    comment,
    Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]),
  ]);
}

function jpegSegment(marker: number, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from([0xff, marker, (data.length + 2) >> 8, (data.length + 2) & 0xff]), data]);
}

/**
 * An 8x8 grey baseline JPEG (SOI, APP0/JFIF, a COM segment with `extra`, one quantisation table, one-code Huffman
 * tables, a scan of one block with no AC coefficients, EOI): small, but any decoder reads it.
 */
export function jpg(extra = ''): Buffer {
  const jfif = jpegSegment(0xe0, Buffer.from([0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]));
  const com = jpegSegment(0xfe, Buffer.from(extra || 'yunfan', 'latin1'));
  const quantisation = jpegSegment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)]));
  const frame = jpegSegment(0xc0, Buffer.from([8, 0, 8, 0, 8, 1, 1, 0x11, 0]));
  const oneCode = Buffer.concat([Buffer.from([1]), Buffer.alloc(15), Buffer.from([0])]);
  const huffman = jpegSegment(0xc4, Buffer.concat([Buffer.from([0x00]), oneCode, Buffer.from([0x10]), oneCode]));
  const scan = jpegSegment(0xda, Buffer.from([1, 1, 0x00, 0, 0x3f, 0]));
  // One block: DC difference 0 and end-of-block, both the one-bit code 0, padded with ones.
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    jfif,
    com,
    quantisation,
    frame,
    huffman,
    scan,
    Buffer.from([0x3f, 0xff, 0xd9]),
  ]);
}

/** A lossless WebP container of the right size; `extra` goes into an EXIF-like chunk. */
export function webp(extra = ''): Buffer {
  const vp8l = Buffer.from([0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0x00]);
  const chunk = (type: string, data: Buffer) => {
    const size = Buffer.alloc(4);
    size.writeUInt32LE(data.length);
    return Buffer.concat([
      Buffer.from(type, 'latin1'),
      size,
      data,
      data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0),
    ]);
  };
  const body = Buffer.concat([
    Buffer.from('WEBP', 'latin1'),
    chunk('VP8L', vp8l),
    ...(extra ? [chunk('EXIF', Buffer.from(extra, 'latin1'))] : []),
  ]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), size, body]);
}

export const SAMPLE_IMAGES = { png: png(), gif: gif(), jpg: jpg(), webp: webp() };

/** A well-formed image of `kind` that carries `payload` (markup) inside it. */
export function polyglot(kind: keyof typeof SAMPLE_IMAGES, payload: string): Buffer {
  return { png, gif, jpg, webp }[kind](payload);
}

/** A 1000 × 500 photo-like JPEG (a gradient with noise), of the kind an administrator uploads. */
export async function photo(): Promise<Buffer> {
  const noise = Buffer.alloc(1000 * 500 * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919) % 251;
  return sharp(noise, { raw: { width: 1000, height: 500, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}
