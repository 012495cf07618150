import type { Readable } from 'node:stream';

/**
 * Where the site's media are kept (docs/decisions.md "Media storage"): one store of objects named by keys such as
 * `uploads/2026/11/<name>.jpg`, on the local disk under DATA_DIR or in an S3-compatible bucket. A key's first
 * folder says what it is; the rest is the address below `/uploads/` (or the variant's name).
 */
export const MEDIA_STORE = Symbol('MEDIA_STORE');

/** What was uploaded, and the seed's drawings: the originals, kept for good, one key per `/uploads/…` address. */
export const UPLOADS_PREFIX = 'uploads/';
/** The resized copies made from them: derived, made again when missing (docs/decisions.md "Image variants"). */
export const VARIANTS_PREFIX = 'image-variants/';
/** The front ends' releases, each under its remote and id, never changed (docs/architecture.md "Releases"). */
export const RELEASES_PREFIX = 'releases/';

export interface MediaInfo {
  size: number;
  modified: Date;
  /** A strong validator of the object's bytes, quoted as in an HTTP `ETag`. */
  etag: string;
}

/** Inclusive, as in an HTTP `Range`. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface MediaStore {
  readonly kind: 'local' | 's3';
  /** Where the objects are, for logs and the commands' output (no secrets). */
  readonly where: string;
  /** Makes the store ready at start (its folders, or the bucket when it does not exist yet). */
  open(): Promise<void>;
  /** Stores an object whole or not at all: nobody reads part of it, and a failed write leaves nothing. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** `null`: there is no such object. */
  stat(key: string): Promise<MediaInfo | null>;
  /** The object's bytes, or those of `range`; `null`: there is no such object. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  readBytes(key: string): Promise<Buffer | null>;
  /** Every object whose key starts with `prefix`, in key order. */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>;
  /** Deletes the objects (an object already gone is no error). */
  remove(keys: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * The store could not be reached or refused the operation (as opposed to an object that does not exist). Its
 * message is for the log; a visitor or administrator is told in words of their own.
 */
export class MediaUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MediaUnavailable';
  }
}

const KEY = /^(uploads|image-variants|releases)\/(?:[A-Za-z0-9._-]+\/)*[A-Za-z0-9._-]+$/;

/** Throws unless `key` is one the server makes: a known first folder, then plain names, no `.` or `..` segment. */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '.' || part === '..')) {
    throw new Error(`Not a media key: ${JSON.stringify(key)}`);
  }
  return key;
}

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  // A release's files (a CDN serves them from the bucket as they were stored).
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** The media type an object is served with, from its key's extension. */
export function mediaType(key: string): string {
  return TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/** How long a stored object may be kept by browsers and caches: its name never changes its content. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
