import { keyFileName, MEDIA_NAME_MAX, mediaName } from './media-names.js';

describe('mediaName', () => {
  it('should keep the uploaded name, trimmed', () => {
    expect(mediaName('  公司合影 2026.JPG ', 'x.jpg')).toBe('公司合影 2026.JPG');
  });

  it('should drop any folder before the name, either slash', () => {
    expect(mediaName('../../etc/passwd.png', 'x.png')).toBe('passwd.png');
    expect(mediaName('C:\\Users\\王\\Desktop\\logo.png', 'x.png')).toBe('logo.png');
  });

  it('should drop control and direction characters', () => {
    expect(mediaName('a\u0000b\u202egnp.exe\n', 'x.png')).toBe('abgnp.exe');
  });

  it('should fall back to the stored name when nothing is left', () => {
    expect(mediaName(undefined, 'abc.png')).toBe('abc.png');
    expect(mediaName('   ', 'abc.png')).toBe('abc.png');
    expect(mediaName('folder/', 'abc.png')).toBe('abc.png');
  });

  it('should cut a long name to the limit and keep its type', () => {
    const name = mediaName(`${'图'.repeat(300)}.webp`, 'x.webp');
    expect([...name]).toHaveLength(MEDIA_NAME_MAX);
    expect(name.endsWith('图.webp')).toBe(true);
  });
});

describe('keyFileName', () => {
  it('should answer the last part of a key', () => {
    expect(keyFileName('uploads/2026/11/0123abcd.png')).toBe('0123abcd.png');
    expect(keyFileName('uploads/seed/v1/logo.svg')).toBe('logo.svg');
  });
});
