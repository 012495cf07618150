import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { detectImage, isLosslessWebp } from './image-type.js';
import { SAMPLE_IMAGES, polyglot } from '../../../test/support/images/sample-images.js';

const IMAGES = path.join(import.meta.dirname, '../../../test/support/images');

describe('detectImage', () => {
  it.each(Object.entries(SAMPLE_IMAGES))('should recognise a %s by its bytes', (kind, bytes) => {
    expect(detectImage(bytes)?.ext).toBe(kind);
  });

  it.each([
    ['camera.jpg', 'jpg'],
    ['photo.png', 'png'],
    ['animated.gif', 'gif'],
    ['lossy.webp', 'webp'],
    ['lossless.webp', 'webp'],
  ])('should accept %s written by a real encoder', (file, kind) => {
    expect(detectImage(readFileSync(path.join(IMAGES, file)))?.ext).toBe(kind);
  });

  it('should refuse SVG, HTML, scripts and text whatever they are called', () => {
    for (const text of [
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>',
      '<?xml version="1.0"?><svg/>',
      '<!DOCTYPE html><html><script>alert(1)</script></html>',
      'alert(document.cookie)',
      '%PDF-1.7',
      '',
    ]) {
      expect(detectImage(Buffer.from(text))).toBeNull();
    }
  });

  it('should refuse polyglots: a real image header carrying markup', () => {
    expect(detectImage(polyglot('gif', '<script>alert(1)</script>'))).toBeNull();
    expect(detectImage(polyglot('jpg', '<html><body onload=alert(1)>'))).toBeNull();
    expect(detectImage(polyglot('png', '<svg onload=alert(1)>'))).toBeNull();
    expect(detectImage(polyglot('webp', '<iframe src=javascript:alert(1)>'))).toBeNull();
  });

  it('should refuse an image with data after its end or a truncated one', () => {
    const png = SAMPLE_IMAGES.png;
    expect(detectImage(Buffer.concat([png, Buffer.from('PK\u0003\u0004 zip appended')]))).toBeNull();
    expect(detectImage(png.subarray(0, png.length - 4))).toBeNull();
    const gif = SAMPLE_IMAGES.gif;
    expect(detectImage(Buffer.concat([gif, Buffer.from('/*trailing*/')]))).toBeNull();
    const jpeg = SAMPLE_IMAGES.jpg;
    expect(detectImage(Buffer.concat([jpeg, Buffer.from('<!-- after EOI -->')]))).toBeNull();
    expect(detectImage(jpeg.subarray(0, jpeg.length - 2))).toBeNull();
    const webp = SAMPLE_IMAGES.webp;
    expect(detectImage(Buffer.concat([webp, Buffer.alloc(10)]))).toBeNull();
  });

  it('should refuse the GIF/JavaScript trick (a GIF header that is also a script)', () => {
    expect(detectImage(Buffer.from('GIF89a=alert(document.domain);//;'))).toBeNull();
  });
});

describe('isLosslessWebp', () => {
  const fixture = (name: string) => readFileSync(path.join(IMAGES, name));

  it('should tell lossless from lossy still images', () => {
    expect(isLosslessWebp(fixture('lossless.webp'))).toBe(true);
    expect(isLosslessWebp(SAMPLE_IMAGES.webp)).toBe(true);
    expect(isLosslessWebp(fixture('lossy.webp'))).toBe(false);
  });

  it('should judge an animation by its frames', async () => {
    const frames = sharp(fixture('animated.gif'), { animated: true });
    expect(isLosslessWebp(await frames.clone().webp({ lossless: true }).toBuffer())).toBe(true);
    expect(isLosslessWebp(await frames.clone().webp({ quality: 80 }).toBuffer())).toBe(false);
  });
});
