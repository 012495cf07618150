import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { advisoryLock } from '../../core/sql.js';
import {
  findCredential,
  forgetCredential,
  saveCredential,
  type CredentialKind,
  type CredentialRow,
} from './wechat.queries.js';

/** WeChat's API did not give what was asked for (network, timeout or an errcode). */
export class WechatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WechatError';
  }
}

interface WechatAnswer {
  errcode?: number;
  errmsg?: string;
  access_token?: string;
  ticket?: string;
  expires_in?: number;
}

const UPSTREAM_TIMEOUT_MS = 4000;
/** errcodes meaning the access_token is no longer valid: fetch a new one and retry once. */
const STALE_TOKEN_CODES = new Set([40001, 40014, 42001]);

/** Serialises the refresh of the credentials across every process on the database. */
const CREDENTIALS_LOCK = 7_310_003;

/**
 * `access_token` and `jsapi_ticket` from WeChat. WeChat rate-limits both (2000 tokens a day) and a new token
 * retires the previous one, so they are shared by every server process through PostgreSQL: a process uses the
 * stored one until shortly before it expires; the first process to find it missing fetches a new one under an
 * advisory lock while the others wait for it and then read it. Each process also keeps its own copy, and
 * concurrent callers in a process share one refresh.
 */
@Injectable()
export class WechatClient {
  private readonly known = new Map<CredentialKind, CredentialRow>();
  private pendingTicket: Promise<string> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  get appId(): string | null {
    return this.config.wechat.appId;
  }

  get configured(): boolean {
    return this.config.wechat.appId !== null && this.config.wechat.secret !== null;
  }

  async jsapiTicket(): Promise<string> {
    const known = this.knownValue('jsapi_ticket');
    if (known) return known;
    this.pendingTicket ??= this.shared('jsapi_ticket').finally(() => {
      this.pendingTicket = null;
    });
    return this.pendingTicket;
  }

  private knownValue(kind: CredentialKind): string | null {
    const known = this.known.get(kind);
    return known && known.expires_at > Date.now() ? known.value : null;
  }

  private remember(kind: CredentialKind, row: CredentialRow): string {
    this.known.set(kind, row);
    return row.value;
  }

  /** The stored credential, or a new one fetched by this process for every process. */
  private async shared(kind: CredentialKind): Promise<string> {
    const appId = this.config.wechat.appId ?? '';
    const stored = await findCredential(this.db, kind, appId);
    if (stored) return this.remember(kind, stored);
    return this.db.transaction(async (manager) => {
      await advisoryLock(manager, CREDENTIALS_LOCK);
      return this.inLock(manager, kind);
    });
  }

  /** Under the lock: another process may have just stored it; otherwise fetch it from WeChat and store it. */
  private async inLock(manager: EntityManager, kind: CredentialKind): Promise<string> {
    const appId = this.config.wechat.appId ?? '';
    const stored = await findCredential(manager, kind, appId);
    if (stored) return this.remember(kind, stored);
    const fresh = kind === 'access_token' ? await this.fetchToken() : await this.fetchTicket(manager);
    const row = { value: fresh.value, expires_at: goodUntil(fresh.expiresIn) };
    await saveCredential(manager, kind, appId, row.value, new Date(row.expires_at));
    return this.remember(kind, row);
  }

  private async fetchTicket(manager: EntityManager): Promise<{ value: string; expiresIn?: number }> {
    const ask = async () =>
      this.get('/cgi-bin/ticket/getticket', {
        access_token: await this.inLock(manager, 'access_token'),
        type: 'jsapi',
      });
    let answer = await ask();
    if (answer.errcode !== undefined && STALE_TOKEN_CODES.has(answer.errcode)) {
      this.known.delete('access_token');
      await forgetCredential(manager, 'access_token');
      answer = await ask();
    }
    if ((answer.errcode ?? 0) !== 0 || !answer.ticket) throw upstreamError('jsapi_ticket', answer);
    return { value: answer.ticket, expiresIn: answer.expires_in };
  }

  private async fetchToken(): Promise<{ value: string; expiresIn?: number }> {
    const answer = await this.get('/cgi-bin/token', {
      grant_type: 'client_credential',
      appid: this.config.wechat.appId ?? '',
      secret: this.config.wechat.secret ?? '',
    });
    if (!answer.access_token) throw upstreamError('access_token', answer);
    return { value: answer.access_token, expiresIn: answer.expires_in };
  }

  private async get(path: string, query: Record<string, string>): Promise<WechatAnswer> {
    const url = `${this.config.wechat.apiBase}${path}?${new URLSearchParams(query).toString()}`;
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS) });
    } catch (error) {
      throw new WechatError(`${path} unreachable: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!response.ok) throw new WechatError(`${path} answered HTTP ${response.status}`);
    try {
      return (await response.json()) as WechatAnswer;
    } catch {
      throw new WechatError(`${path} answered something other than JSON`);
    }
  }
}

/** When a credential is renewed: shortly before WeChat's expiry (5 minutes early, or a tenth of a short lifetime). */
function goodUntil(expiresIn: number | undefined): number {
  const lifetimeMs = (expiresIn ?? 7200) * 1000;
  return Date.now() + lifetimeMs - Math.min(300_000, lifetimeMs / 10);
}

function upstreamError(what: string, answer: WechatAnswer): WechatError {
  return new WechatError(`${what} refused: errcode ${answer.errcode ?? '?'} ${answer.errmsg ?? ''}`.trim());
}
