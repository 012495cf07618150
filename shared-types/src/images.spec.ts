import { hasImageVariants, IMAGE_WIDTHS, isStoredUpload, responsiveImage, variantWidth } from './images.js';

const UPLOAD = '/uploads/2026/11/0123456789abcdef0123456789abcdef';

describe('responsiveImage', () => {
  it('should offer every variant width of an uploaded still picture', () => {
    const image = responsiveImage(`${UPLOAD}.jpg`, '100vw');
    expect(image.src).toBe(`${UPLOAD}.jpg`);
    expect(image.sizes).toBe('100vw');
    expect(image.srcSet?.split(', ')).toEqual(IMAGE_WIDTHS.map((w) => `${UPLOAD}.jpg?w=${w} ${w}w`));
  });

  it('should stop at three device pixels per CSS pixel for a picture of a fixed width', () => {
    expect(responsiveImage(`${UPLOAD}.png`, '40px').srcSet).toBe(`${UPLOAD}.png?w=160 160w`);
    expect(
      responsiveImage(`${UPLOAD}.png`, '240px')
        .srcSet?.split(', ')
        .map((c) => c.split(' ')[1]),
    ).toEqual(['160w', '320w', '480w', '640w', '960w']);
  });

  it.each(['/uploads/seed/v1/banner-1.svg', `${UPLOAD}.jpg`, `${UPLOAD}.png`, `${UPLOAD}.webp`])(
    'should offer variants of %s',
    (src) => expect(responsiveImage(src, '50vw').srcSet).toBeDefined(),
  );

  it.each([
    `${UPLOAD}.gif`,
    'https://cdn.example.com/a.jpg',
    '/assets/logo.svg',
    '',
    `${UPLOAD}.jpg?v=2`,
    // Not a name the server gives: it serves no such file, nor variants of it.
    '/uploads/a/b.PNG',
    '/uploads/x.webp',
    `${UPLOAD}.jpeg`,
    `${UPLOAD}.JPG`,
  ])('should leave %s as it is', (src) => expect(responsiveImage(src, '100vw')).toEqual({ src }));
});

describe('isStoredUpload and hasImageVariants', () => {
  it.each([`${UPLOAD}.jpg`, `${UPLOAD}.png`, `${UPLOAD}.gif`, `${UPLOAD}.webp`, '/uploads/seed/v1/logo.svg'])(
    'should know %s as a stored file',
    (file) => expect(isStoredUpload(file)).toBe(true),
  );

  it.each([
    `${UPLOAD}.png.part`,
    `${UPLOAD}.png.1234.tmp`,
    `${UPLOAD}.svg`,
    `${UPLOAD.toUpperCase()}.png`,
    '/uploads/2026/11/shell.php',
    '/uploads/2026/11/.htaccess',
    '/uploads/seed/v1/logo.svg.4321.tmp',
    '/uploads/seed/v1/Logo.svg',
    '/uploads/seed/logo.svg',
    '/uploads/other/0123456789abcdef0123456789abcdef.png',
  ])('should not know %s', (file) => expect(isStoredUpload(file)).toBe(false));

  it('should give variants to still pictures only', () => {
    expect(hasImageVariants(`${UPLOAD}.gif`)).toBe(false);
    expect(hasImageVariants(`${UPLOAD}.webp`)).toBe(true);
    expect(hasImageVariants('/uploads/seed/v1/logo.svg')).toBe(true);
  });
});

describe('variantWidth', () => {
  it('should accept the listed widths only', () => {
    expect(variantWidth('640')).toBe(640);
    for (const value of ['641', '0', '-640', '640.0', ' 640', '0640', '+640', '6400', '', undefined, ['640'], 640]) {
      expect(variantWidth(value)).toBeNull();
    }
  });
});
