import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { isAdminPath, isSeoFilePath } from '@site/shared-types';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { AuthService } from '../../core/auth/auth.service.js';
import { ANONYMOUS_BODY_LIMIT_BYTES, BODY_READ, readJson, refuseBody } from '../../core/body-parsing.js';
import {
  cacheableOrigins,
  LOOPBACK_HOSTS,
  originSettings,
  publicOrigin,
  type OriginSettings,
} from '../../core/public-origin.js';
import { requestIdOf } from '../../core/request-context.js';
import { labelRoute } from '../../core/metrics/route-label.js';
import { RemotesService } from '../releases/remotes.service.js';
import { CanaryVisits } from '../releases/canary-visits.js';
import { PageRequests, type PageRequest } from '../pages/page-request.js';
import { Previews } from '../pages/previews.js';
import { ContentVersion } from '../reads/content-version.js';
import { makeEntryAsync, PublishedCache, type CacheEntry, type CacheStats } from '../reads/published-cache.js';
import { PublicReads, type PublicReadRoute } from '../reads/public-reads.js';

/** Browsers revalidate every time (a 304 costs nothing); a CDN in front keeps an answer a minute, then revalidates. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

/** Headers of a captured answer that belong to one response, not to the cached entry. */
const PER_RESPONSE = new Set([
  'content-length',
  'content-encoding',
  'etag',
  'x-request-id',
  'date',
  'connection',
  'transfer-encoding',
  'vary',
  'cache-control',
  'keep-alive',
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-expose-headers',
  // The visitor's canary bucket (RemotesService.forVisitor) is set on the response, never kept in an entry.
  'set-cookie',
]);

type Next = () => void;

/** How long an answer whose client hung up may still take to finish for the requests waiting on it. */
const ORPHAN_ANSWER_MS = 30_000;

/** What `/api/metrics` reports of the cache. */
export interface CacheServerStats {
  main: CacheStats;
  openEnded: CacheStats;
  /** Answers that went through the cache but were not kept (refusals, 404s): `X-Cache: BYPASS`. */
  bypasses: number;
}

interface Captured {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
}

/**
 * The published-content cache in front of the whole application (docs/decisions.md "Published-content cache"):
 * public reads and public pages are answered from ready bytes (brotli, gzip or identity, with a strong ETag,
 * 304 on a match) before Express runs at all. A miss goes through the full pipeline once, its answer is kept if
 * it is a success, and concurrent misses of one key wait for that one answer. The back office, uploads and the
 * build files are not touched, nor a request that carries a credential the server checks and finds good: a live
 * administrator's session, or a preview link it signed. Any other `token` or `preview` is a visitor's request like
 * the rest, answered from the cache. The content version (a database trigger, NOTIFY) empties the cache when
 * published content changes, in this process and every other one.
 */
@Injectable()
export class CacheServer implements OnModuleInit {
  /** Everything but open-ended keys (search), which get a tenth of the budget so they cannot push the rest out. */
  private readonly main: PublishedCache;
  private readonly openEnded: PublishedCache;
  /** The origins pages are cached for, from the configuration alone (`cacheableOrigins`). */
  private readonly origins: ReadonlySet<string>;
  private readonly originSettings: OriginSettings;
  private bypasses = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reads: PublicReads,
    private readonly version: ContentVersion,
    private readonly remotes: RemotesService,
    private readonly visits: CanaryVisits,
    private readonly pages: PageRequests,
    private readonly auth: AuthService,
    private readonly previews: Previews,
  ) {
    this.main = new PublishedCache(Math.floor(config.cache.maxBytes * 0.9));
    this.openEnded = new PublishedCache(Math.floor(config.cache.maxBytes * 0.1));
    this.originSettings = originSettings(config);
    this.origins = cacheableOrigins(this.originSettings);
  }

  onModuleInit(): void {
    this.version.onChange(() => this.flush());
    // A release switch is announced on the same listening connection; the pointer is read again at once.
    this.version.onReleasesChanged(() => void this.remotes.changed().catch(() => undefined));
    this.remotes.announcedBy(() => this.version.listening);
  }

  get enabled(): boolean {
    return this.config.cache.enabled;
  }

  flush(): void {
    this.main.flush();
    this.openEnded.flush();
  }

  stats(): CacheServerStats {
    return { main: this.main.snapshot(), openEnded: this.openEnded.snapshot(), bypasses: this.bypasses };
  }

  /** The raw request listener: answers from the cache, or hands the request to `next` (the application). */
  handle(req: IncomingMessage, res: ServerResponse, next: Next): void {
    if (!this.enabled) return next();
    const token = req.headers.token;
    if (token === undefined) return this.route(req, res, next);
    // Only a live administrator's session goes past the cache: a made-up token is a visitor's request.
    void this.auth.isLiveSession(String(token)).then((live) => (live ? next() : this.route(req, res, next)));
  }

  private route(req: IncomingMessage, res: ServerResponse, next: Next): void {
    // A cross-origin call's CORS answer depends on its Origin: it takes the application's own path.
    if (req.headers.origin !== undefined && this.config.corsOrigins.length > 0) return next();
    const url = req.url ?? '/';
    const mark = url.indexOf('?');
    const path = mark < 0 ? url : url.slice(0, mark);
    const query = mark < 0 ? '' : url.slice(mark + 1);
    const method = req.method === 'HEAD' ? 'GET' : req.method;

    if (path.startsWith('/api/')) {
      const route = method === 'GET' || method === 'POST' ? this.reads.find(method, path) : undefined;
      if (!route) return next();
      if (route.method === 'GET') {
        // A read without fields answers the same whatever the query; one with fields is keyed by them.
        if (!route.dto) req.url = path;
        return this.serve(
          req,
          res,
          next,
          `api ${this.reads.keyOfQuery(route, query)}`,
          this.cacheFor(route),
          'Accept-Encoding',
        );
      }
      return void this.servePost(req, res, next, route);
    }
    if (method !== 'GET' || /^\/(uploads|assets|remotes)\//.test(path) || isAdminPath(path)) return next();
    if (isSeoFilePath(path)) return this.serveSeoFile(req, res, next, path);
    this.servePage(req, res, next);
  }

  private async servePost(
    req: IncomingMessage,
    res: ServerResponse,
    next: Next,
    route: PublicReadRoute,
  ): Promise<void> {
    const type = req.headers['content-type'] ?? '';
    const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    if (hasBody && !/^application\/json\b/i.test(type)) return next();
    const read = await readJson(req, ANONYMOUS_BODY_LIMIT_BYTES).catch(() => null);
    if (read === null) return next();
    if (!read.ok) return refuseBody(req, res, read.status, read.reason);
    (req as IncomingMessage & { body?: unknown; [BODY_READ]?: boolean }).body = read.value;
    (req as IncomingMessage & { [BODY_READ]?: boolean })[BODY_READ] = true;
    const key = this.reads.keyOf(route, read.value);
    if (key === null) return next();
    this.serve(req, res, next, `api ${key}`, this.cacheFor(route), 'Accept-Encoding');
  }

  /** Open-ended reads (search) have a budget of their own, so they cannot push the rest out. */
  private cacheFor(route: PublicReadRoute): PublishedCache {
    return route.openEnded ? this.openEnded : this.main;
  }

  private servePage(req: IncomingMessage, res: ServerResponse, next: Next): void {
    const page = this.pages.of(req, res);
    // A preview of a draft is made for its holder alone, every time (docs/behaviour.md#preview), when the server
    // signed it for this page; any other `preview` parameter is dropped like the rest.
    if (!/[?&]preview=/.test(req.url ?? '')) return this.serveCachedPage(req, res, next, page);
    void this.previews.signed(req.url, page.match).then(
      (signed) => (signed ? next() : this.serveCachedPage(req, res, next, page)),
      () => this.serveCachedPage(req, res, next, page),
    );
  }

  private serveCachedPage(req: IncomingMessage, res: ServerResponse, next: Next, page: PageRequest): void {
    // The start-up redirect is answered by the page service; only pages are cached. Another spelling of a page
    // (`/about.html/`, `?casemenu=03`) moves to the page's own address, and an address that names nothing is not
    // found: the application answers both, and neither is kept.
    if (page.redirect !== null || !page.address || page.address.moved !== null) return next();
    // The page is made from its path and the parameters it reads, nothing else: `?utm_source=…` is one entry.
    req.url = page.url;
    // Each origin makes its own pages (absolute links).
    if (!this.knownOrigin(req, page.origin)) return next();
    // Each visitor's releases (a canary goes to some) are part of the key.
    const key = `page ${page.origin} ${page.url} ${page.visitor.stamp}`;
    const cache = page.match?.route.name === 'search' ? this.openEnded : this.main;
    const { remote, release } = page;
    // A page made by the application is counted there (PageService); one sent from the cache, here.
    const counted = release ? () => this.visits.pageServed(req, res, remote, release) : undefined;
    this.serve(req, res, next, key, cache, page.vary, counted);
  }

  /** robots.txt and the sitemaps: made from the published content and absolute addresses, so kept per origin. */
  private serveSeoFile(req: IncomingMessage, res: ServerResponse, next: Next, path: string): void {
    const origin = publicOrigin(req, this.originSettings);
    if (!this.knownOrigin(req, origin)) return next();
    req.url = path;
    this.serve(req, res, next, `seo ${origin} ${path}`, this.main, 'Accept-Encoding');
  }

  /**
   * Whether answers for this origin may be kept: one the configuration names, or this machine's loopback name at
   * the port the request came in on. Any other (a made-up Host, another port, a name under a `.example.com`
   * entry) is answered without the cache, so no client-chosen value takes a place in it.
   */
  private knownOrigin(req: IncomingMessage, origin: string): boolean {
    if (this.origins.has(origin)) return true;
    const host = origin.slice(origin.indexOf('://') + 3);
    const port = req.socket.localPort;
    return port !== undefined && LOOPBACK_HOSTS.some((name) => host === `${name}:${port}`);
  }

  private serve(
    req: IncomingMessage,
    res: ServerResponse,
    next: Next,
    key: string,
    cache: PublishedCache,
    vary: string,
    onHit?: () => void,
  ): void {
    const found = cache.get(key);
    if (found) {
      cache.stats.hits++;
      onHit?.();
      labelRoute(req, 'cache');
      return send(req, res, found, 'HIT', vary);
    }
    let answered = false;
    cache
      .load(key, () =>
        capture(req, res, next).then((captured) => {
          answered = true;
          if (!cacheable(captured)) {
            this.bypasses++;
            if (!res.destroyed) sendCaptured(req, res, captured, vary);
            return null;
          }
          return makeEntryAsync(captured.status, captured.headers, captured.body);
        }),
      )
      .then(
        ({ entry }) => {
          // The request that made the answer may have hung up meanwhile: it was made for the others all the same.
          if (res.destroyed) return;
          if (entry) {
            // A request that waited for another one's answer was not counted by the application.
            if (!answered) onHit?.();
            send(req, res, entry, 'MISS', vary);
          }
          // This request waited for another one's answer, which cannot be kept: it goes through on its own.
          else if (!answered) next();
        },
        () => {
          // The answer was never finished: a request that waited for it and is still connected goes through on
          // its own, so one visitor's hang-up never costs another their answer.
          if (!res.destroyed && !res.headersSent && !answered) next();
        },
      );
  }
}

/** Only successes are kept: a page (or robots.txt, a sitemap) answering 200, an API answer with code 0. */
function cacheable({ status, headers, body }: Captured): boolean {
  if (status !== 200) return false;
  const type = headers.find(([name]) => name === 'content-type')?.[1] ?? '';
  if (type.startsWith('application/json')) return body.subarray(0, 9).toString() === '{"code":0';
  return /^(text\/html|application\/xml|text\/plain)\b/.test(type);
}

/**
 * Runs the request through the application with its answer held back: what it writes is collected instead of
 * sent, uncompressed (the request's Accept-Encoding is withheld from the application), to be kept and sent
 * from the cache. HEAD runs as GET, so the entry has a body.
 */
function capture(req: IncomingMessage, res: ServerResponse, next: Next): Promise<Captured> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let ended = false;
    const original = { writeHead: res.writeHead, write: res.write, end: res.end };
    const toBuffer = (chunk: unknown, encoding?: unknown) =>
      Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array);
    // The application answers in full, uncompressed: no conditional or encoding headers reach it (they are read
    // when it writes, so they stay away until it has finished).
    const withheld = ['accept-encoding', 'if-none-match', 'if-modified-since'].map(
      (name) => [name, req.headers[name]] as const,
    );
    for (const [name] of withheld) delete req.headers[name];
    const head = req.method === 'HEAD';
    if (head) req.method = 'GET';
    const restore = () => {
      Object.assign(res, original);
      for (const [name, value] of withheld) if (value !== undefined) req.headers[name] = value;
      if (head) req.method = 'HEAD';
    };
    res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
      this.statusCode = status;
      const headers = rest.find((arg) => typeof arg === 'object' && arg !== null) as
        Record<string, string | number | string[]> | undefined;
      for (const [name, value] of Object.entries(headers ?? {})) this.setHeader(name, value);
      return this;
    };
    res.write = function (chunk: unknown, encoding?: unknown, callback?: unknown) {
      if (chunk !== undefined && chunk !== null) chunks.push(toBuffer(chunk, encoding));
      const done = typeof encoding === 'function' ? encoding : callback;
      if (typeof done === 'function') (done as () => void)();
      return true;
    } as ServerResponse['write'];
    res.end = function (this: ServerResponse, chunk?: unknown, encoding?: unknown, callback?: unknown) {
      if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') chunks.push(toBuffer(chunk, encoding));
      ended = true;
      clearTimeout(orphaned);
      restore();
      const headers: Array<[string, string]> = [];
      for (const [name, value] of Object.entries(this.getHeaders())) {
        if (value === undefined || PER_RESPONSE.has(name)) continue;
        headers.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
        this.removeHeader(name);
      }
      resolve({ status: this.statusCode, headers, body: Buffer.concat(chunks) });
      const done = [chunk, encoding, callback].find((arg) => typeof arg === 'function');
      if (typeof done === 'function') (done as () => void)();
      return this;
    } as ServerResponse['end'];
    // A client that hangs up does not stop the answer: requests for the same key wait for it. It is given up
    // (and the waiters go through on their own) only if it is not finished in reasonable time.
    let orphaned: NodeJS.Timeout | undefined;
    res.once('close', () => {
      if (ended) return;
      orphaned = setTimeout(() => {
        restore();
        reject(new Error('the answer of a request whose client hung up was not finished'));
      }, ORPHAN_ANSWER_MS);
      orphaned.unref();
    });
    next();
  });
}

/** Accept-Encoding values seen lately and the encoding each chose (clients send a handful of distinct values). */
const encodings = new Map<string, 'br' | 'gzip' | null>();

/** The encoding to send, from the request's Accept-Encoding (one not refused with `q=0`). */
function encodingFor(req: IncomingMessage): 'br' | 'gzip' | null {
  const header = String(req.headers['accept-encoding'] ?? '');
  const known = encodings.get(header);
  if (known !== undefined) return known;
  const accepted = new Set(
    header
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]),
  );
  const chosen = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
  if (encodings.size >= 64) encodings.clear();
  encodings.set(header, chosen);
  return chosen;
}

/** The headers every answer from one entry shares, made once per entry, as a flat name, value, name… list. */
const sharedHeaders = new WeakMap<CacheEntry, readonly string[]>();

function headersOf(entry: CacheEntry): readonly string[] {
  let headers = sharedHeaders.get(entry);
  if (!headers) {
    headers = [...entry.headers.flat(), 'etag', entry.etag, 'cache-control', PUBLIC_CACHE_CONTROL];
    sharedHeaders.set(entry, headers);
  }
  return headers;
}

/**
 * Sends an entry with one `writeHead` of a flat header list and nothing set before it: Node's fast path, as a
 * bare server takes it (docs/decisions.md "Published-content cache").
 */
function send(req: IncomingMessage, res: ServerResponse, entry: CacheEntry, state: 'HIT' | 'MISS', vary: string): void {
  const headers = [...headersOf(entry), 'vary', vary, 'x-cache', state, 'x-request-id', requestIdOf(req)];
  const match = req.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === entry.etag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const encoding = encodingFor(req);
  const body = encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : entry.body;
  if (encoding) headers.push('content-encoding', encoding);
  headers.push('content-length', String(body.length));
  res.writeHead(entry.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** An answer that is not kept (a refusal, a 404): sent as it came, compressed for the client when worth it. */
function sendCaptured(req: IncomingMessage, res: ServerResponse, captured: Captured, vary: string): void {
  const headers: Record<string, string | number> = Object.fromEntries(captured.headers);
  headers['cache-control'] = 'no-cache';
  headers.vary = vary;
  headers['x-cache'] = 'BYPASS';
  headers['x-request-id'] = requestIdOf(req);
  let body = captured.body;
  const encoding = body.length > 1024 ? encodingFor(req) : null;
  if (encoding === 'br') body = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
  else if (encoding === 'gzip') body = gzipSync(body);
  if (encoding) headers['content-encoding'] = encoding;
  headers['content-length'] = body.length;
  res.writeHead(captured.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}
