import { promises as fs } from 'node:fs';
import path from 'node:path';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { IMAGE_WIDTHS, variantWidth, type ImageWidth } from '@site/shared-types';
import sharp, { type Sharp } from 'sharp';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { staticSegments } from '../../core/confined-static.js';

/** Uploaded files are shown as images, never run: no sniffing, and a sandbox if one is opened directly. */
export const UPLOAD_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
};

/** The encodings a variant is made in, best first; the browser's `Accept` header chooses. */
const FORMATS = [
  { ext: 'avif', mime: 'image/avif', encode: (image: Sharp) => image.avif({ quality: 55, effort: 3 }) },
  { ext: 'webp', mime: 'image/webp', encode: (image: Sharp) => image.webp({ quality: 78 }) },
] as const;
type Format = (typeof FORMATS)[number];

const SOURCE = /\.(svg|jpe?g|png|webp)$/i;

/**
 * Resized AVIF/WebP copies of the pictures under `/uploads/` (docs/decisions.md "Image variants").
 * `GET /uploads/…/name.jpg?w=640` answers the variant of that width in the best format the browser accepts,
 * made on first request (or right after an upload) and kept under `DATA_DIR/image-variants/`; the original is
 * never changed and is what a browser accepting neither format gets. Variants are made one at a time, so a
 * burst of first requests cannot take more than one core.
 */
@Injectable()
export class ImageVariants implements OnModuleDestroy {
  private readonly logger = new Logger('ImageVariants');
  private readonly pending = new Map<string, Promise<string | null>>();
  private queue: Promise<unknown> = Promise.resolve();
  private cjkFont: Promise<boolean> | undefined;
  private closing = false;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Express handler mounted before the static `/uploads` files: answers `?w=` requests, passes the rest on. */
  readonly handle = (req: Request, res: Response, next: NextFunction): void => {
    const query = req.url.includes('?') ? new URLSearchParams(req.url.slice(req.url.indexOf('?') + 1)) : null;
    if (!query?.has('w')) return next();
    const width = variantWidth(query.get('w'));
    const segments = staticSegments(req.url);
    if (width === null || !segments || !SOURCE.test(segments[segments.length - 1]!)) {
      res.status(404).type('text/plain').send('Not Found');
      return;
    }
    res.setHeader('Vary', 'Accept');
    const format = FORMATS.find((candidate) => (req.headers.accept ?? '').includes(candidate.mime));
    if (!format) return next();
    this.variant(segments, width, format).then(
      (file) => {
        if (!file) return next();
        res.setHeader('Content-Type', format.mime);
        for (const [name, value] of Object.entries(UPLOAD_HEADERS)) res.setHeader(name, value);
        res.sendFile(file, { maxAge: '365d', immutable: true, dotfiles: 'allow' }, (error) => error && next());
      },
      () => next(),
    );
  };

  /**
   * Makes the variants of a new upload in the background, so its first visitors do not wait: every width up to
   * the first one at least as wide as the picture (wider ones would be the same pixels, made only if asked for).
   */
  warm(url: string): void {
    const segments = staticSegments(url.replace(/^\/uploads\//, ''));
    if (!segments || !SOURCE.test(url)) return;
    void this.enqueue(async () => {
      const { width: own } = await sharp(path.join(this.config.uploadsDir, ...segments)).metadata();
      const widths = IMAGE_WIDTHS.filter((width, index) => index === 0 || IMAGE_WIDTHS[index - 1]! < own);
      for (const width of widths) for (const format of FORMATS) void this.variant(segments, width, format);
    }).catch(() => undefined);
  }

  /** On shutdown the variant being made is finished and the waiting ones are dropped (made again when asked for). */
  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    await this.queue;
  }

  /** The variant's file, made if needed; null when the original is missing or cannot be made into one. */
  private variant(segments: string[], width: ImageWidth, format: Format): Promise<string | null> {
    const original = path.join(this.config.uploadsDir, ...segments);
    const file = path.join(this.config.dataDir, 'image-variants', ...segments) + `.${width}.${format.ext}`;
    let made = this.pending.get(file);
    if (!made) {
      made = fs.access(file).then(
        () => file,
        () => this.enqueue(() => this.make(original, file, width, format)),
      );
      this.pending.set(file, made);
      void made.finally(() => this.pending.delete(file));
    }
    return made;
  }

  private enqueue<T>(job: () => Promise<T | null>): Promise<T | null> {
    const guarded = () => (this.closing ? Promise.resolve(null) : job());
    const run = this.queue.then(guarded, guarded);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async make(original: string, file: string, width: ImageWidth, format: Format): Promise<string | null> {
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(original);
    } catch {
      return null;
    }
    const svg = original.toLowerCase().endsWith('.svg');
    // Without a Chinese font the demo drawings would come out with empty boxes: the browser draws them instead.
    if (svg && !(await this.hasCjkFont())) return null;
    try {
      // A drawing is rendered straight at the width asked for (at most its own), not drawn large and shrunk.
      const density = svg ? (72 * width) / Math.max(width, (await sharp(bytes).metadata()).width) : undefined;
      const image = sharp(bytes, { density, limitInputPixels: 40_000_000 })
        .autoOrient()
        .resize({ width, withoutEnlargement: true });
      const output = await format.encode(image).toBuffer();
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temporary, output);
      await fs.rename(temporary, file);
      return file;
    } catch (error) {
      this.logger.warn(`No ${format.ext} variant of ${path.basename(original)}: ${(error as Error).message}`);
      return null;
    }
  }

  /** Whether the SVG renderer finds a font with Chinese glyphs (a missing glyph draws like an unassigned code point). */
  private hasCjkFont(): Promise<boolean> {
    this.cjkFont ??= (async () => {
      const draw = (text: string) =>
        sharp(
          Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48"><text x="0" y="40" font-size="40" font-family="sans-serif">${text}</text></svg>`,
          ),
        )
          .raw()
          .toBuffer();
      const [chinese, missing] = await Promise.all([draw('云'), draw('&#x10FFFD;')]);
      const found = !chinese.equals(missing);
      if (!found) this.logger.warn('No Chinese font for drawing the demo images: browsers are sent the SVG drawings');
      return found;
    })().catch(() => false);
    return this.cjkFont;
  }
}
