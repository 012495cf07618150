import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ClientErrorReport, RemoteName } from '@site/shared-types';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { clientKey, rawClientAddress } from '../../core/client-info.js';
import { RemotesService } from './remotes.service.js';
import { ReleaseCounters } from './release-counters.js';
import { siteSecret, type VisitorDelta } from './release.queries.js';

/** The cookie that carries a page's report token; sent only to the report endpoint. */
export const VIEW_COOKIE = 'site_view';
const REPORT_PATH = '/api/frontend/errors';
/** How long after its page a report is taken. */
const TOKEN_MAX_AGE_SECONDS = 30 * 60;
/** Visitors of one canary this process remembers having written down; more are not noted again. */
const MAX_NOTED = 100_000;
/** Tokens already used for a report, remembered until they expire. */
const MAX_USED = 200_000;

interface Token {
  remote: string;
  release: string;
  visitor: string;
  issued: number;
  nonce: string;
}

/**
 * What judges a canary, made hard to forge (docs/behaviour.md#remote-releases). While a canary of a remote
 * runs:
 * - each page of that remote served (from the cache too) gives its browser a report token in a cookie only the
 *   report endpoint receives: signed with the site's secret, naming the release the page was made with and the
 *   visitor it was made for, good for one report within half an hour;
 * - a browser's report counts only with such a token, for that release, from that visitor, once;
 * - the canary is judged by distinct visitors (a key made from the network a visitor comes from: an IPv4
 *   address, an IPv6 /64) and how many of them met a failure, so one client can neither end a canary with
 *   reports nor keep a bad one alive with page views, however many it sends.
 */
@Injectable()
export class CanaryVisits implements OnApplicationBootstrap {
  private readonly logger = new Logger('Releases');
  private secret: Buffer | null = null;
  private loading: Promise<void> | null = null;
  /** Per `remote@release` of a canary: the visitors written down already, and whether they had failed. */
  private readonly noted = new Map<string, Map<string, boolean>>();
  private pending = new Map<string, VisitorDelta>();
  /** Nonces of tokens a report used, with when they expire (seconds). */
  private readonly used = new Map<string, number>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
    private readonly remotes: RemotesService,
    private readonly counters: ReleaseCounters,
  ) {}

  onApplicationBootstrap(): void {
    void this.ready().catch(() => undefined);
  }

  /** Reads (or makes) the signing secret; until it is known no token is given and no report counted. */
  ready(): Promise<void> {
    if (this.secret) return Promise.resolve();
    this.loading ??= siteSecret(this.db, 'canary-report')
      .then((key) => {
        this.secret = key;
      })
      .finally(() => (this.loading = null));
    return this.loading;
  }

  /** A page of `release` was served to this request's visitor. */
  pageServed(req: IncomingMessage, res: ServerResponse | undefined, remote: RemoteName, release: string): void {
    this.counters.view(remote, release);
    const canary = this.remotes.served(remote).canary;
    if (!canary) {
      this.forget(remote);
      return;
    }
    if (!this.secret) return;
    const visitor = this.visitorOf(req);
    if (release === canary.release) this.note(remote, release, visitor, false);
    if (res && !res.headersSent) {
      res.appendHeader(
        'Set-Cookie',
        `${VIEW_COOKIE}=${this.token(remote, release, visitor)}; Path=${REPORT_PATH}; ` +
          `Max-Age=${TOKEN_MAX_AGE_SECONDS}; SameSite=Strict; HttpOnly`,
      );
    }
  }

  /** The server render of a page of `release` failed for this request's visitor. */
  renderFailed(req: IncomingMessage, remote: RemoteName, release: string): void {
    this.counters.ssrFailure(remote, release);
    if (this.secret && this.remotes.served(remote).canary?.release === release) {
      this.note(remote, release, this.visitorOf(req), true);
    }
  }

  /**
   * A browser's report of a failure in `report.release`: counted when it carries an unused token of a page of
   * that release, made for this visitor. Answers whether it was counted.
   */
  report(req: IncomingMessage, report: ClientErrorReport): boolean {
    const token = this.verify(cookie(req.headers.cookie, VIEW_COOKIE));
    if (!token || token.remote !== report.remote || token.release !== report.release) return false;
    const now = Math.floor(Date.now() / 1000);
    if (now - token.issued > TOKEN_MAX_AGE_SECONDS || token.visitor !== this.visitorOf(req)) return false;
    if (this.used.has(token.nonce)) return false;
    this.remember(token.nonce, token.issued + TOKEN_MAX_AGE_SECONDS, now);
    this.counters.clientError(report.remote, report.release);
    if (this.remotes.served(report.remote).canary?.release === report.release) {
      this.note(report.remote, report.release, token.visitor, true);
    }
    return true;
  }

  /** The visitors noted since the last call, and a fresh start. */
  take(): VisitorDelta[] {
    const taken = [...this.pending.values()];
    this.pending = new Map();
    return taken;
  }

  /** Visitors that could not be written go back, to be written with the next ones. */
  putBack(deltas: readonly VisitorDelta[]): void {
    for (const delta of deltas) this.add(delta);
  }

  private note(remote: RemoteName, release: string, visitor: string, failed: boolean): void {
    const key = `${remote}@${release}`;
    let seen = this.noted.get(key);
    if (!seen) {
      seen = new Map();
      this.noted.set(key, seen);
    }
    const before = seen.get(visitor);
    if (before === true || (before === false && !failed)) return;
    if (before === undefined && seen.size >= MAX_NOTED) return;
    seen.set(visitor, failed);
    this.add({ remote, release, visitor, failed });
  }

  private add(delta: VisitorDelta): void {
    const key = `${delta.remote}@${delta.release}@${delta.visitor}`;
    const known = this.pending.get(key);
    this.pending.set(key, { ...delta, failed: delta.failed || (known?.failed ?? false) });
  }

  /** A remote without a canary needs none of what this process noted for its canaries. */
  private forget(remote: RemoteName): void {
    if (this.noted.size === 0) return;
    for (const key of this.noted.keys()) if (key.startsWith(`${remote}@`)) this.noted.delete(key);
  }

  private remember(nonce: string, expires: number, now: number): void {
    if (this.used.size >= MAX_USED) {
      for (const [old, until] of this.used) if (until < now) this.used.delete(old);
      // Still full of live tokens: the oldest go (a report with one of them could then count twice).
      for (const old of this.used.keys()) {
        if (this.used.size < MAX_USED) break;
        this.used.delete(old);
      }
      if (this.used.size >= MAX_USED) this.logger.warn('canary report tokens: the used-token memory is full');
    }
    this.used.set(nonce, expires);
  }

  private visitorOf(req: IncomingMessage): string {
    const network = clientKey(rawClientAddress(req, this.config.trustProxy));
    return this.mac(`visitor ${network}`).slice(0, 16);
  }

  private token(remote: RemoteName, release: string, visitor: string): string {
    const payload = [
      remote,
      release,
      visitor,
      Math.floor(Date.now() / 1000).toString(36),
      randomBytes(9).toString('base64url'),
    ].join('.');
    return `${payload}.${this.mac(payload).slice(0, 22)}`;
  }

  private verify(value: string | null): Token | null {
    if (!value || !this.secret || value.length > 200) return null;
    const parts = value.split('.');
    if (parts.length !== 6) return null;
    const [remote, release, visitor, issued, nonce, mac] = parts as [string, string, string, string, string, string];
    const expected = Buffer.from(this.mac(parts.slice(0, 5).join('.')).slice(0, 22));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { remote, release, visitor, issued: parseInt(issued, 36), nonce };
  }

  private mac(text: string): string {
    return createHmac('sha256', this.secret!).update(text).digest('base64url');
  }
}

/** One cookie's value from a `Cookie` header. */
function cookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const equals = part.indexOf('=');
    if (equals > 0 && part.slice(0, equals).trim() === name) return part.slice(equals + 1).trim();
  }
  return null;
}
