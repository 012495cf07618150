import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { hasImageVariants, IMAGE_WIDTHS, variantWidth, type ImageWidth } from '@site/shared-types';
import sharp, { type Sharp } from 'sharp';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { BoundedLog } from '../../core/bounded-log.js';
import { clientAddress, clientKey } from '../../core/client-info.js';
import { staticSegments } from '../../core/confined-static.js';
import { isDiskFull } from '../../core/media/file-writer.js';
import {
  IMMUTABLE,
  MEDIA_STORE,
  MediaUnavailable,
  UPLOADS_PREFIX,
  VARIANTS_PREFIX,
  type MediaInfo,
  type MediaStore,
} from '../../core/media/media-store.js';
import { deliverMedia, REDIRECT_CACHE } from '../../core/media/send-media.js';

/** Uploaded files are shown as images, never run: no sniffing, and a sandbox if one is opened directly. */
export const UPLOAD_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
};

/** Variants one client may be waiting for at a time (queued or being made); beyond, it is sent the original. */
export const VARIANT_JOBS_PER_CLIENT = 3;

/** Variants someone waits for that may be queued at once; beyond, the original is sent instead of queueing more. */
export const VARIANT_QUEUE_LIMIT = 8;

/** The encodings a variant is made in, best first; the browser's `Accept` header chooses. */
const FORMATS = [
  { ext: 'avif', mime: 'image/avif', encode: (image: Sharp) => image.avif({ quality: 55, effort: 3 }) },
  { ext: 'webp', mime: 'image/webp', encode: (image: Sharp) => image.webp({ quality: 78 }) },
] as const;
type Format = (typeof FORMATS)[number];

/**
 * The key of an original's variant (`path` below `uploads/`, e.g. `2026/11/<name>.jpg`): one per width and format,
 * so that deleting a picture can name every variant it may have without listing the store.
 */
export function variantKey(path: string, width: ImageWidth, format: Format): string {
  return `${VARIANTS_PREFIX}${path}.${width}.${format.ext}`;
}

/** Every key a variant of this original can have, made or not (deleting one not made is no error). */
export function variantKeys(path: string): string[] {
  return IMAGE_WIDTHS.flatMap((width) => FORMATS.map((format) => variantKey(path, width, format)));
}

/**
 * What making a variant came to: its key; `none` when this picture has none (unreadable, or a drawing without a
 * Chinese font), so the original stands for it for good; `unwritten` when it could not be stored (a full disk),
 * and `stopped` when the server stops before making it, so the original stands for it this time only.
 */
type Result = string | 'none' | 'unwritten' | 'stopped';

/** Why a variant request was answered with the original picture although it has variants. */
type OriginalReason = 'client_limit' | 'queue_full' | 'unwritten';

interface Waiter {
  readonly client: string;
  settle(result: Result): void;
}

interface Job {
  /** The variant's key in the media store, and its original's. */
  readonly key: string;
  readonly original: string;
  readonly width: ImageWidth;
  readonly format: Format;
  /** The requests waiting for it: a job nobody waits for any more is dropped before it starts. */
  readonly waiters: Set<Waiter>;
  /** Asked for by an upload rather than a request: made even if nobody waits, after those someone waits for. */
  background: boolean;
}

/** Counts for the metrics (`/api/metrics`, `image_variant_*`). */
export interface ImageVariantStats {
  resizes: Record<'ok' | 'failed' | 'unwritten', number>;
  dropped: number;
  originals: Record<OriginalReason, number>;
  queued: number;
  running: number;
}

/**
 * Resized AVIF/WebP copies of the pictures under `/uploads/` (docs/decisions.md "Image variants").
 * `GET /uploads/…/name.jpg?w=640` answers the variant of that width in the best format the browser accepts,
 * made on first request (or right after an upload) and kept in the media store under `image-variants/`; the original is
 * never changed and is what a browser accepting neither format gets. Variants are made one at a time, so a
 * burst of first requests cannot take more than one core; a variant already made is served to anyone. What may
 * wait is bounded, so that nobody can stall the queue: a request whose client hangs up stops waiting (and a job
 * nobody waits for is dropped), one client waits for at most {@link VARIANT_JOBS_PER_CLIENT} variants, at most
 * {@link VARIANT_QUEUE_LIMIT} are queued, and a request over either limit gets the original picture at once.
 */
@Injectable()
export class ImageVariants implements OnModuleDestroy {
  private readonly logger = new Logger('ImageVariants');
  private readonly unwritable = new BoundedLog((line) => this.logger.error(line), 60_000);
  /** Every job not finished, by its variant's key: a second request for one joins it. */
  private readonly jobs = new Map<string, Job>();
  private readonly queue: Job[] = [];
  private running: Promise<void> | null = null;
  /** The jobs each client waits for, with how many of its requests wait for each. */
  private readonly waiting = new Map<string, Map<Job, number>>();
  private readonly counts: Omit<ImageVariantStats, 'queued' | 'running'> = {
    resizes: { ok: 0, failed: 0, unwritten: 0 },
    dropped: 0,
    originals: { client_limit: 0, queue_full: 0, unwritten: 0 },
  };
  private cjkFont: Promise<boolean> | undefined;
  private closing = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
  ) {}

  /** Express handler mounted before the static `/uploads` files: answers `?w=` requests, passes the rest on. */
  readonly handle = (req: Request, res: Response, next: NextFunction): void => {
    const query = req.url.includes('?') ? new URLSearchParams(req.url.slice(req.url.indexOf('?') + 1)) : null;
    if (!query?.has('w')) return next();
    const width = variantWidth(query.get('w'));
    const segments = staticSegments(req.url);
    if (width === null || !segments || !hasImageVariants(`/uploads/${segments.join('/')}`)) {
      res.status(404).type('text/plain').send('Not Found');
      return;
    }
    res.setHeader('Vary', 'Accept');
    const format = FORMATS.find((candidate) => (req.headers.accept ?? '').includes(candidate.mime));
    if (!format) return next();
    this.answer(req, res, segments, width, format).then(
      (settled) => settled || next(),
      () => next(),
    );
  };

  stats(): ImageVariantStats {
    return {
      resizes: { ...this.counts.resizes },
      dropped: this.counts.dropped,
      originals: { ...this.counts.originals },
      queued: this.queue.length,
      running: this.running ? 1 : 0,
    };
  }

  /**
   * Makes the variants of a new upload in the background, so its first visitors do not wait: every width up to
   * the first one at least as wide as the picture (wider ones would be the same pixels, made only if asked for).
   */
  warm(url: string, bytes: Buffer): void {
    const segments = staticSegments(url.replace(/^\/uploads\//, ''));
    if (!segments || !hasImageVariants(url)) return;
    const original = UPLOADS_PREFIX + segments.join('/');
    void sharp(bytes)
      .metadata()
      .then(({ width: own }) => {
        const widths = IMAGE_WIDTHS.filter((width, index) => index === 0 || IMAGE_WIDTHS[index - 1]! < own);
        for (const width of widths) {
          for (const format of FORMATS)
            this.job(this.variantKey(segments, width, format), original, width, format, true);
        }
        this.pump();
      })
      .catch(() => undefined);
  }

  /** On shutdown the variant being made is finished and the waiting ones are dropped (made again when asked for). */
  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    for (const job of this.queue.splice(0)) this.finish(job, 'stopped');
    await this.running;
  }

  /**
   * Answers a variant request from the variant, made first if needed, or from the original; false when the
   * request is left to the static files (a missing picture, or one with no variant).
   */
  private async answer(req: Request, res: Response, segments: string[], width: ImageWidth, format: Format) {
    const key = this.variantKey(segments, width, format);
    const original = UPLOADS_PREFIX + segments.join('/');
    // Each look-up is passed on to the answer, which does not make it again (a round trip to an S3 store).
    const made = await this.store.stat(key);
    if (made) return this.sendVariant(req, res, key, made);
    const source = await this.store.stat(original);
    if (!source) return false;
    // Hung up meanwhile: nothing is made for nobody.
    if (res.destroyed || req.socket.destroyed) return true;
    if (this.closing) return this.sendOriginal(req, res, original, null, source);
    const client = clientKey(clientAddress(req));
    const known = this.jobs.get(key);
    const mine = this.waiting.get(client);
    if (mine && mine.size >= VARIANT_JOBS_PER_CLIENT && !(known && mine.has(known))) {
      return this.sendOriginal(req, res, original, 'client_limit', source);
    }
    if (!known && this.queue.filter((job) => job.waiters.size > 0).length >= VARIANT_QUEUE_LIMIT) {
      return this.sendOriginal(req, res, original, 'queue_full', source);
    }

    const job = known ?? this.job(key, original, width, format, false);
    let gone = false;
    const result = await new Promise<Result>((settle) => {
      const waiter: Waiter = { client, settle };
      job.waiters.add(waiter);
      const jobs = this.waiting.get(client) ?? new Map<Job, number>();
      jobs.set(job, (jobs.get(job) ?? 0) + 1);
      this.waiting.set(client, jobs);
      // Also after the answer is sent, when this waiter has already left.
      res.once('close', () => {
        gone = true;
        this.leave(job, waiter);
        settle('none');
      });
      this.pump();
    });
    if (gone) return true;
    if (result === 'none') return false;
    if (result === 'unwritten') return this.sendOriginal(req, res, original, 'unwritten', source);
    if (result === 'stopped') return this.sendOriginal(req, res, original, null, source);
    return this.sendVariant(req, res, result);
  }

  /** The unfinished job for this variant, or a new one at the end of the queue. */
  private job(key: string, original: string, width: ImageWidth, format: Format, background: boolean): Job {
    const known = this.jobs.get(key);
    if (known) {
      known.background ||= background;
      return known;
    }
    const job: Job = { key, original, width, format, waiters: new Set(), background };
    this.jobs.set(key, job);
    this.queue.push(job);
    return job;
  }

  /** A request stops waiting (it was answered, or its client hung up): a queued job nobody waits for is dropped. */
  private leave(job: Job, waiter: Waiter): void {
    if (!job.waiters.delete(waiter)) return;
    const jobs = this.waiting.get(waiter.client);
    const left = (jobs?.get(job) ?? 1) - 1;
    if (left > 0) jobs?.set(job, left);
    else jobs?.delete(job);
    if (jobs?.size === 0) this.waiting.delete(waiter.client);
    const index = this.queue.indexOf(job);
    if (index >= 0 && job.waiters.size === 0 && !job.background) {
      this.queue.splice(index, 1);
      this.jobs.delete(job.key);
      this.counts.dropped += 1;
    }
  }

  private finish(job: Job, result: Result): void {
    this.jobs.delete(job.key);
    for (const waiter of [...job.waiters]) {
      this.leave(job, waiter);
      waiter.settle(result);
    }
  }

  /** Starts the next job unless one is under way: the oldest someone waits for, else the oldest of an upload's. */
  private pump(): void {
    if (this.running || this.closing) return;
    const waited = this.queue.findIndex((job) => job.waiters.size > 0);
    const [job] = this.queue.splice(Math.max(waited, 0), 1);
    if (!job) return;
    this.running = this.run(job)
      .catch((): Result => 'none')
      .then((result) => this.finish(job, result))
      .finally(() => {
        this.running = null;
        this.pump();
      });
  }

  private async run(job: Job): Promise<Result> {
    // Made by the job that ended just before this one was queued.
    if (await this.store.stat(job.key)) return job.key;
    const bytes = await this.store.readBytes(job.original);
    if (!bytes) return 'none';
    const svg = job.original.toLowerCase().endsWith('.svg');
    // Without a Chinese font the demo drawings would come out with empty boxes: the browser draws them instead.
    if (svg && !(await this.hasCjkFont())) return 'none';
    let output: Buffer;
    try {
      // A drawing is rendered straight at the width asked for (at most its own), not drawn large and shrunk.
      const density = svg ? (72 * job.width) / Math.max(job.width, (await sharp(bytes).metadata()).width) : undefined;
      const image = sharp(bytes, { density, limitInputPixels: 40_000_000 })
        .autoOrient()
        .resize({ width: job.width, withoutEnlargement: true });
      output = await job.format.encode(image).toBuffer();
    } catch (error) {
      this.counts.resizes.failed += 1;
      this.logger.warn(`No ${job.format.ext} variant of ${job.original}: ${(error as Error).message}`);
      return 'none';
    }
    try {
      await this.store.put(job.key, output);
    } catch (error) {
      this.counts.resizes.unwritten += 1;
      const why = isDiskFull(error)
        ? 'the disk is full'
        : error instanceof MediaUnavailable
          ? 'the media store cannot be reached'
          : (error as Error).message;
      this.unwritable.note('write', `Image variants cannot be stored (originals are served instead): ${why}`);
      return 'unwritten';
    }
    this.counts.resizes.ok += 1;
    // Deleted from the media library while this was made: the delete removed the variants before this one was
    // stored, so it goes now (docs/decisions.md "Media library").
    if (!(await this.store.stat(job.original))) {
      await this.store.remove([job.key]);
      return 'none';
    }
    return job.key;
  }

  private variantKey(segments: string[], width: ImageWidth, format: Format): string {
    return variantKey(segments.join('/'), width, format);
  }

  private sendVariant(req: Request, res: Response, key: string, info?: MediaInfo): Promise<boolean> {
    return this.send(req, res, key, IMMUTABLE, REDIRECT_CACHE, info);
  }

  /**
   * The original in place of a variant that is not there yet: never kept by a cache (the next request may get the
   * variant), and the variant is not made for this request.
   */
  private sendOriginal(
    req: Request,
    res: Response,
    original: string,
    reason: OriginalReason | null,
    info: MediaInfo,
  ): Promise<boolean> {
    if (reason) this.counts.originals[reason] += 1;
    return this.send(req, res, original, 'no-cache', 'no-cache', info);
  }

  /** Sends a stored object, or the visitor to its public address; false when there is no such object. */
  private send(
    req: Request,
    res: Response,
    key: string,
    cacheControl: string,
    redirectCache: string,
    info?: MediaInfo,
  ) {
    const options = { cacheControl, redirectCache, headers: UPLOAD_HEADERS, info };
    return deliverMedia(req, res, this.store, this.config.media.publicBaseUrl, key, options);
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
