import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { mediaType, MediaUnavailable, type ByteRange, type MediaInfo, type MediaStore } from './media-store.js';

export interface SendOptions {
  /** The `Cache-Control` to answer with. */
  cacheControl: string;
  /** Further headers (the uploads' sandbox). */
  headers?: Record<string, string>;
  /** The object's look-up, when the caller has just made it (it is not made again). */
  info?: MediaInfo;
}

/** Whether an `If-Range` allows the range: the object is still the one it names. */
function rangeStillValid(req: Request, info: MediaInfo): boolean {
  const ifRange = req.get('if-range');
  if (!ifRange) return true;
  if (ifRange.startsWith('"') || ifRange.startsWith('W/')) return ifRange === info.etag;
  const date = Date.parse(ifRange);
  return !Number.isNaN(date) && Math.floor(info.modified.getTime() / 1000) <= Math.floor(date / 1000);
}

/**
 * Sends one stored object as a static file server would, whichever store holds it: `ETag`, `Last-Modified` and
 * 304, `HEAD`, and one `Range` (206; 416 beyond the end; several ranges get the whole object). Answers false
 * when there is no such object, before anything is sent. A store that cannot be reached gets a 503.
 */
export async function sendMedia(
  req: Request,
  res: Response,
  store: MediaStore,
  key: string,
  options: SendOptions,
): Promise<boolean> {
  try {
    const info = options.info ?? (await store.stat(key));
    if (!info) return false;
    res.setHeader('Content-Type', mediaType(key));
    res.setHeader('Cache-Control', options.cacheControl);
    for (const [name, value] of Object.entries(options.headers ?? {})) res.setHeader(name, value);
    res.setHeader('ETag', info.etag);
    res.setHeader('Last-Modified', info.modified.toUTCString());
    res.setHeader('Accept-Ranges', 'bytes');
    if (req.fresh) {
      res.status(304).end();
      return true;
    }
    let range: ByteRange | undefined;
    if (req.headers.range && rangeStillValid(req, info)) {
      const ranges = req.range(info.size, { combine: true });
      if (ranges === -1) {
        res.setHeader('Content-Range', `bytes */${info.size}`);
        res.status(416).type('text/plain').end('Range Not Satisfiable');
        return true;
      }
      if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1) range = ranges[0];
    }
    const length = range ? range.end - range.start + 1 : info.size;
    if (range) {
      res.status(206);
      res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
    }
    res.setHeader('Content-Length', String(length));
    if (req.method === 'HEAD' || length === 0) {
      res.end();
      return true;
    }
    const body = await store.read(key, range);
    if (!body) {
      // Deleted between the look-up and the read.
      res.removeHeader('Content-Range');
      res.removeHeader('Content-Length');
      return false;
    }
    await pipeline(body, res).catch(() => {
      // The client hung up, or the store broke off: the connection is closed with what was sent.
      res.destroy();
    });
    return true;
  } catch (error) {
    if (!(error instanceof MediaUnavailable) || res.headersSent) throw error;
    // Headers of the object may be set already (the store failed between the look-up and the read).
    for (const name of ['ETag', 'Last-Modified', 'Content-Range', 'Content-Length', 'Accept-Ranges']) {
      res.removeHeader(name);
    }
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Retry-After', '5');
    res.status(503).type('text/plain').send('Service Unavailable');
    return true;
  }
}

/** How long a redirect to an object's public address may be kept: a day, so that moving the media reaches everyone. */
export const REDIRECT_CACHE = 'public, max-age=86400';

/**
 * Sends a stored object ({@link sendMedia}), or with a public base URL (`MEDIA_PUBLIC_BASE_URL`) the visitor to the
 * object's address there, the redirect kept as `redirectCache` says. False when the server would send it and there
 * is no such object; a redirect is sent without looking (the public address answers for itself).
 */
export async function deliverMedia(
  req: Request,
  res: Response,
  store: MediaStore,
  publicBaseUrl: string | null,
  key: string,
  options: SendOptions & { redirectCache: string },
): Promise<boolean> {
  if (publicBaseUrl === null) return sendMedia(req, res, store, key, options);
  res.setHeader('Cache-Control', options.redirectCache);
  res.redirect(302, `${publicBaseUrl}/${key.split('/').map(encodeURIComponent).join('/')}`);
  return true;
}
