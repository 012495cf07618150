import path from 'node:path';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';

export function notFound(_req: Request, res: Response): void {
  res.status(404).type('text/plain').send('Not Found');
}

/**
 * The path segments a static request names below its mount (query dropped), decoded once, or `null` when it must
 * not be served: a malformed escape, an escape still there after decoding (double encoding; no file served here
 * has `%` in its name), a backslash, a NUL or another control character, or a `.` or `..` segment.
 */
export function staticSegments(url: string): string[] | null {
  const rawPath = url.split('?', 1)[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  // eslint-disable-next-line no-control-regex
  if (/[%\\\u0000-\u001f\u007f]/.test(decoded)) return null;
  const segments = decoded.split('/').filter((segment) => segment !== '');
  if (segments.length === 0 || segments.some((segment) => segment === '.' || segment === '..')) return null;
  return segments;
}

type StaticOptions = NonNullable<Parameters<typeof express.static>[1]>;

/** Where a request's segments point below the mount's root: a folder it must stay in, and the file inside it. */
export interface StaticTarget {
  folder: string[];
  file: string[];
}

/**
 * `express.static` over `root` that serves only what `locate` maps the checked segments to, and only when the
 * resolved file lies inside the target's folder. Anything else, and every miss, is a plain 404: a static mount
 * never falls through to the pages or the API. The file is handed to `express.static` re-encoded, so it decodes
 * exactly the name checked here.
 */
export function confinedStatic(
  root: string,
  options: StaticOptions,
  locate: (segments: string[]) => StaticTarget | null = (file) => ({ folder: [], file }),
): RequestHandler[] {
  const files = express.static(root, { ...options, fallthrough: true });
  const base = path.resolve(root);
  const guard = (req: Request, res: Response, next: NextFunction) => {
    const segments = staticSegments(req.url);
    const target = segments && locate(segments);
    if (!target || target.file.length === 0) return notFound(req, res);
    const folder = path.resolve(base, ...target.folder);
    const file = path.resolve(folder, ...target.file);
    if (!isInside(folder, base) || !isInside(file, folder) || file === folder) return notFound(req, res);
    req.url = '/' + path.relative(base, file).split(path.sep).map(encodeURIComponent).join('/');
    files(req, res, next);
  };
  return [guard, notFound];
}

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}
