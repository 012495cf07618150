import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { pngChunk } from './sample-images.js';

/** Images written by real encoders (see README.md in this folder). */
export const fixture = (name: string): Buffer => readFileSync(path.join(import.meta.dirname, name));

/** What hostile uploads carry in their metadata: none of it may reach a stored file. */
export const XSS = '<img src=x onerror=alert(1)>';
/** A PHP short tag: no `<?php`, so the markup check lets it through and only re-encoding removes it. */
export const PHP_SHORT = "<?= system($_GET['c']); ?>";
export const MARKERS = ['onerror', '<img', '<?php', '<?=', 'alert(', 'system('];

function segment(marker: number, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from([0xff, marker, (data.length + 2) >> 8, (data.length + 2) & 0xff]), data]);
}

/** `jpeg` with these segments inserted right after its SOI marker. */
export function withJpegSegments(jpeg: Buffer, ...segments: Buffer[]): Buffer {
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

export const jpegComment = (text: string): Buffer => segment(0xfe, Buffer.from(text, 'latin1'));

/** An APP1 EXIF segment (big-endian TIFF, one IFD) with an image description and, if given, an orientation. */
export function exifSegment(description: string, orientation?: number): Buffer {
  const text = Buffer.from(`${description}\0`, 'latin1');
  const entries = orientation === undefined ? 1 : 2;
  const ifdSize = 2 + entries * 12 + 4;
  const tiff = Buffer.alloc(8 + ifdSize);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(entries, 8);
  // ImageDescription (0x010e), ASCII, its text stored after the IFD.
  tiff.writeUInt16BE(0x010e, 10);
  tiff.writeUInt16BE(2, 12);
  tiff.writeUInt32BE(text.length, 14);
  tiff.writeUInt32BE(8 + ifdSize, 18);
  if (orientation !== undefined) {
    // Orientation (0x0112), one SHORT held in the entry itself.
    tiff.writeUInt16BE(0x0112, 22);
    tiff.writeUInt16BE(3, 24);
    tiff.writeUInt32BE(1, 26);
    tiff.writeUInt16BE(orientation, 30);
  }
  return segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff, text]));
}

/** `webp` with one more RIFF chunk at its end, and the RIFF size adjusted so the container stays well-formed. */
export function withWebpChunk(webp: Buffer, type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(type, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  const out = Buffer.concat([webp, head, data, Buffer.alloc(data.length % 2)]);
  out.writeUInt32LE(out.length - 8, 4);
  return out;
}

const gifComment = (text: string) =>
  Buffer.concat([Buffer.from([0x21, 0xfe, text.length]), Buffer.from(text, 'latin1'), Buffer.from([0])]);
/** `gif` with a comment extension just before its trailer. */
export function withGifComment(gif: Buffer, text: string): Buffer {
  return Buffer.concat([gif.subarray(0, -1), gifComment(text), gif.subarray(-1)]);
}

/** An image descriptor of `width` x `height` at the corner, with the data of a single pixel. */
function gifFrame(width = 1, height = 1): Buffer {
  const frame = Buffer.from([0x2c, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00]);
  frame.writeUInt16LE(width, 5);
  frame.writeUInt16LE(height, 7);
  return frame;
}

/**
 * A GIF that is also a script: the screen width's bytes are `/*`, which opens a comment the first comment
 * extension closes before running `script`; a second one comments out the rest. Decoders read it as one pixel.
 */
export function gifScript(script: string): Buffer {
  return Buffer.concat([
    Buffer.from('GIF89a/*', 'latin1'),
    Buffer.from([10, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff]),
    gifComment(`*/=1;${script};/*`),
    gifFrame(),
    gifComment('*///'),
    Buffer.from([0x3b]),
  ]);
}

/** A GIF of `frames` frames of `width` x `height` that hold the data of one pixel: only the header is real. */
export function gifFrames(width: number, height: number, frames: number): Buffer {
  const screen = Buffer.from([0, 0, 0, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff]);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    screen,
    ...Array.from({ length: frames }, () => gifFrame(width, height)),
    Buffer.from([0x3b]),
  ]);
}

/** Bytes that look random (no encoder can compress them) but are the same at every run. */
function noise(length: number): Buffer {
  const blocks = Array.from({ length: Math.ceil(length / 32) }, (_, n) =>
    createHash('sha256').update(`noise ${n}`).digest(),
  );
  return Buffer.concat(blocks).subarray(0, length);
}

/**
 * A 256x64 PNG of noise whose 11th row starts with pixels spelling `text`. Its rows are stored with the Sub
 * filter, so the file's bytes never spell `text`; an encoder that writes rows unfiltered spells it out, since
 * noise is kept uncompressed.
 */
export function pngHidingText(text: string): Buffer {
  const width = 256;
  const height = 64;
  const row = width * 3;
  const pixels = noise(row * height);
  pixels.write(text, 10 * row, 'latin1');
  const rows = Buffer.alloc((row + 1) * height);
  for (let y = 0; y < height; y += 1) {
    rows[y * (row + 1)] = 1; // Sub: each byte minus the same channel of the pixel on its left
    for (let x = 0; x < row; x += 1) {
      rows[y * (row + 1) + 1 + x] = (pixels[y * row + x]! - (x >= 3 ? pixels[y * row + x - 3]! : 0)) & 0xff;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
