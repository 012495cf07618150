import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { isStoredUpload } from '@site/shared-types';
import type { AppConfig } from '../../config/config.js';
import { notFound, staticSegments } from '../../core/confined-static.js';
import { IMMUTABLE, UPLOADS_PREFIX, type MediaStore } from '../../core/media/media-store.js';
import { deliverMedia, REDIRECT_CACHE } from '../../core/media/send-media.js';
import { UPLOAD_HEADERS } from './image-variants.js';

/**
 * `/uploads/…` (mounted after the image variants' handler): the stored originals from the media store, or with
 * `MEDIA_PUBLIC_BASE_URL` a redirect to their public address. Only what the server stored under its own names is
 * served (never a file being written, nor anything put there); everything else is a plain 404.
 */
export function serveUploads(store: MediaStore, config: AppConfig): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const segments = staticSegments(req.url);
    const path = segments?.join('/');
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !path || !isStoredUpload(`/uploads/${path}`)) {
      return notFound(req, res);
    }
    const options = { cacheControl: IMMUTABLE, redirectCache: REDIRECT_CACHE, headers: UPLOAD_HEADERS };
    deliverMedia(req, res, store, config.media.publicBaseUrl, UPLOADS_PREFIX + path, options).then(
      (sent) => (sent ? undefined : notFound(req, res)),
      next,
    );
  };
}

/**
 * Mounted first at `/uploads`: a stored picture asked for under another spelling of its address (`/UPLOADS/…`, a
 * doubled slash, an escaped character, a trailing slash) answers 301 to the address itself, the query kept. Every
 * picture then has one address, the one the content holds and caches keep (docs/decisions.md "Media library").
 */
export function canonicalUploads(req: Request, res: Response, next: NextFunction): void {
  const segments = req.method === 'GET' || req.method === 'HEAD' ? staticSegments(req.url) : null;
  const address = segments ? `/uploads/${segments.join('/')}` : null;
  if (address === null || !isStoredUpload(address)) return next();
  const query = req.originalUrl.indexOf('?');
  const path = query < 0 ? req.originalUrl : req.originalUrl.slice(0, query);
  if (path === address) return next();
  res.setHeader('Cache-Control', REDIRECT_CACHE);
  res.redirect(301, address + (query < 0 ? '' : req.originalUrl.slice(query)));
}
