import { crc32 } from 'node:zlib';

export interface ImageType {
  ext: 'jpg' | 'png' | 'gif' | 'webp';
  mime: string;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Markup and script markers no genuine image carries in its bytes: they are how image/HTML and image/JS
 * polyglots smuggle a page into an "image". Matched case-insensitively as ASCII.
 */
const MARKUP = /<(script|html|body|svg|iframe|object|embed|!doctype|\?php|\?xml(?!-stylesheet))|javascript:/i;

/** PNG: the signature, then chunks with valid CRCs, IHDR first, ending exactly with IEND. */
function isPng(bytes: Buffer): boolean {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let offset = 8;
  let first = true;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (end > bytes.length) return false;
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (first && type !== 'IHDR') return false;
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== bytes.readUInt32BE(offset + 8 + length))
      return false;
    first = false;
    offset = end;
    if (type === 'IEND') return offset === bytes.length;
  }
  return false;
}

/** GIF: header, screen descriptor, colour table, then extension and image blocks up to the trailer at the very end. */
function isGif(bytes: Buffer): boolean {
  const head = bytes.toString('latin1', 0, 6);
  if (bytes.length < 14 || (head !== 'GIF87a' && head !== 'GIF89a')) return false;
  const colourTable = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  let offset = 13 + colourTable(bytes[10]!);
  // Data sub-blocks: a length byte then that many bytes, until a zero length.
  const skipSubBlocks = (): boolean => {
    while (offset < bytes.length) {
      const size = bytes[offset]!;
      offset += 1 + size;
      if (size === 0) return offset <= bytes.length;
    }
    return false;
  };
  let images = 0;
  while (offset < bytes.length) {
    const block = bytes[offset];
    if (block === 0x3b) return images > 0 && offset === bytes.length - 1;
    if (block === 0x21) {
      offset += 2;
      if (!skipSubBlocks()) return false;
    } else if (block === 0x2c) {
      if (offset + 10 > bytes.length) return false;
      offset += 10 + colourTable(bytes[offset + 9]!) + 1; // descriptor, local table, LZW minimum code size
      if (!skipSubBlocks()) return false;
      images += 1;
    } else {
      return false;
    }
  }
  return false;
}

/** JPEG: SOI, marker segments of declared lengths up to the scan, and the EOI marker at the end. */
function isJpeg(bytes: Buffer): boolean {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return false;
  let offset = 2;
  for (;;) {
    if (offset + 2 > bytes.length || bytes[offset] !== 0xff) return false;
    const marker = bytes[offset + 1]!;
    if (marker === 0xd9) return offset + 2 === bytes.length;
    if (offset + 4 > bytes.length) return false;
    if (marker === 0xda) break; // start of scan: entropy-coded data follows
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  // After the scan only the EOI marker may end the file (a little zero padding is tolerated).
  let end = bytes.length;
  while (end > offset && bytes[end - 1] === 0x00 && bytes.length - end < 16) end -= 1;
  return bytes[end - 2] === 0xff && bytes[end - 1] === 0xd9;
}

/** WebP: a RIFF container whose declared size is the file's and whose chunks fill it exactly. */
function isWebp(bytes: Buffer): boolean {
  if (bytes.length < 20 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') {
    return false;
  }
  if (bytes.readUInt32LE(4) + 8 !== bytes.length) return false;
  let offset = 12;
  let chunks = 0;
  while (offset + 8 <= bytes.length) {
    const size = bytes.readUInt32LE(offset + 4);
    offset += 8 + size + (size % 2);
    chunks += 1;
  }
  return chunks > 0 && offset === bytes.length;
}

const KINDS: Array<[(bytes: Buffer) => boolean, ImageType]> = [
  [isJpeg, { ext: 'jpg', mime: 'image/jpeg' }],
  [isPng, { ext: 'png', mime: 'image/png' }],
  [isGif, { ext: 'gif', mime: 'image/gif' }],
  [isWebp, { ext: 'webp', mime: 'image/webp' }],
];

/**
 * What kind of image these bytes are, judged by their content alone (never by name or declared type):
 * JPEG, PNG, GIF or WebP whose structure holds from the first byte to the last, with no markup inside;
 * `null` for anything else.
 */
export function detectImage(bytes: Buffer): ImageType | null {
  const found = KINDS.find(([matches]) => matches(bytes));
  if (!found) return null;
  return MARKUP.test(bytes.toString('latin1')) ? null : found[1];
}

/** Whether a WebP holds lossless (VP8L) image data, at the top level or in its first animation frame. */
export function isLosslessWebp(bytes: Buffer): boolean {
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const type = bytes.toString('latin1', offset, offset + 4);
    if (type === 'VP8L') return true;
    // An animation frame: 16 bytes of placement and timing, then its own image chunk (ALPH first when lossy).
    if (type === 'ANMF') return bytes.toString('latin1', offset + 24, offset + 28) === 'VP8L';
    const size = bytes.readUInt32LE(offset + 4);
    offset += 8 + size + (size % 2);
  }
  return false;
}
