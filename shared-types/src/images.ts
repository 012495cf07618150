/**
 * Responsive images (docs/decisions.md "Image variants"). Every still picture the server stored under `/uploads/`
 * (uploads and the drawn demo images) can be asked for at one of these widths with `?w=`; the server answers AVIF or
 * WebP, whichever the browser accepts, never wider than the original, and the original itself to a browser that
 * takes neither. The one list of widths: pages offer these and the server makes these, and no other.
 */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1440, 1920] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/**
 * The only files `/uploads/` serves: what the server named itself, an upload (`YYYY/MM/<32 hex>.<type>`, see the
 * uploads service) or a drawn demo image of the seed (`seed/v<n>/<name>.svg`). A file being written or anything
 * else put there is never served.
 */
const STORED_UPLOAD = /^\/uploads\/(?:\d{4}\/\d{2}\/[0-9a-f]{32}\.(?:jpg|png|gif|webp)|seed\/v\d+\/[a-z0-9-]+\.svg)$/;

/** Originals the server makes variants of: stored still pictures (an animated GIF is always served as it is). */
const VARIANT_SOURCE = /^\/uploads\/(?:\d{4}\/\d{2}\/[0-9a-f]{32}\.(?:jpg|png|webp)|seed\/v\d+\/[a-z0-9-]+\.svg)$/;

/** Whether `/uploads/…` (no query) names a file the server stored, the only kind it serves. */
export function isStoredUpload(pathname: string): boolean {
  return STORED_UPLOAD.test(pathname);
}

/** Whether `/uploads/…` (no query) names a stored still picture, which has variants. */
export function hasImageVariants(pathname: string): boolean {
  return VARIANT_SOURCE.test(pathname);
}

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
  if (!hasImageVariants(src)) return { src };
  // A picture of a fixed CSS width needs no more than three device pixels per CSS pixel.
  const fixed = /^(\d+)px$/.exec(sizes);
  const enough = fixed ? 3 * Number(fixed[1]) : Infinity;
  const widths = IMAGE_WIDTHS.filter((width, index) => index === 0 || IMAGE_WIDTHS[index - 1]! < enough);
  return { src, srcSet: widths.map((width) => `${src}?w=${width} ${width}w`).join(', '), sizes };
}

/**
 * The width a variant request asks for, or null when `value` is not one of {@link IMAGE_WIDTHS} written as pages
 * write it (`0640` is not: one variant has one address).
 */
export function variantWidth(value: unknown): ImageWidth | null {
  return IMAGE_WIDTHS.find((width) => String(width) === value) ?? null;
}
