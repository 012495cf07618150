import { IMAGE_WIDTHS, responsiveImage, variantWidth } from './images.js';

describe('responsiveImage', () => {
  it('should offer every variant width of an uploaded still picture', () => {
    const image = responsiveImage('/uploads/2026/11/abc.jpg', '100vw');
    expect(image.src).toBe('/uploads/2026/11/abc.jpg');
    expect(image.sizes).toBe('100vw');
    expect(image.srcSet?.split(', ')).toEqual(IMAGE_WIDTHS.map((w) => `/uploads/2026/11/abc.jpg?w=${w} ${w}w`));
  });

  it('should stop at three device pixels per CSS pixel for a picture of a fixed width', () => {
    expect(responsiveImage('/uploads/a.png', '40px').srcSet).toBe('/uploads/a.png?w=160 160w');
    expect(
      responsiveImage('/uploads/a.png', '240px')
        .srcSet?.split(', ')
        .map((c) => c.split(' ')[1]),
    ).toEqual(['160w', '320w', '480w', '640w', '960w']);
  });

  it.each(['/uploads/seed/v1/banner-1.svg', '/uploads/a/b.PNG', '/uploads/x.webp', '/uploads/x.jpeg'])(
    'should offer variants of %s',
    (src) => expect(responsiveImage(src, '50vw').srcSet).toBeDefined(),
  );

  it.each(['/uploads/2026/11/anim.gif', 'https://cdn.example.com/a.jpg', '/assets/logo.svg', '', '/uploads/a.jpg?v=2'])(
    'should leave %s as it is',
    (src) => expect(responsiveImage(src, '100vw')).toEqual({ src }),
  );
});

describe('variantWidth', () => {
  it('should accept the listed widths only', () => {
    expect(variantWidth('640')).toBe(640);
    for (const value of ['641', '0', '-640', '640.0', ' 640', '6400', '', undefined, ['640'], 640]) {
      expect(variantWidth(value)).toBeNull();
    }
  });
});
