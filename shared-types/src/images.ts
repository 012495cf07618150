/**
 * Responsive images (docs/decisions.md "Image variants"). Every picture under `/uploads/` (uploads and the drawn
 * demo images) can be asked for at one of these widths with `?w=`; the server answers AVIF or WebP, whichever the
 * browser accepts, never wider than the original, and the original itself to a browser that takes neither.
 */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1440, 1920] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Originals the server makes variants of: still pictures (an animated GIF is always served as it is). */
const VARIANT_SOURCE = /^\/uploads\/[^?#]+\.(?:svg|jpe?g|png|webp)$/i;

export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * `src`, `srcSet` and `sizes` for an `<img>`: the widths the browser may choose from for a picture shown at
 * `sizes` (a media-condition list, e.g. `100vw` or `(max-width: 768px) 50vw, 600px`). A picture from elsewhere
 * is left as it is.
 */
export function responsiveImage(src: string, sizes: string): ResponsiveImage {
  if (!VARIANT_SOURCE.test(src)) return { src };
  // A picture of a fixed CSS width needs no more than three device pixels per CSS pixel.
  const fixed = /^(\d+)px$/.exec(sizes);
  const enough = fixed ? 3 * Number(fixed[1]) : Infinity;
  const widths = IMAGE_WIDTHS.filter((width, index) => index === 0 || IMAGE_WIDTHS[index - 1]! < enough);
  return { src, srcSet: widths.map((width) => `${src}?w=${width} ${width}w`).join(', '), sizes };
}

/** The width a variant request asks for, or null when `value` is not one of {@link IMAGE_WIDTHS}. */
export function variantWidth(value: unknown): ImageWidth | null {
  const width = typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : NaN;
  return (IMAGE_WIDTHS as readonly number[]).includes(width) ? (width as ImageWidth) : null;
}
