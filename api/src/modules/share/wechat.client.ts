import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';

/** WeChat's API did not give what was asked for (network, timeout or an errcode). */
export class WechatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WechatError';
  }
}

interface Cached {
  value: string;
  expiresAt: number;
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

/**
 * `access_token` and `jsapi_ticket` from WeChat, each cached until shortly before it expires. Both are
 * rate-limited by WeChat (2000 tokens a day), so concurrent callers share one refresh instead of each
 * starting their own.
 */
@Injectable()
export class WechatClient {
  private token: Cached | null = null;
  private ticket: Cached | null = null;
  private pendingTicket: Promise<string> | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get appId(): string | null {
    return this.config.wechat.appId;
  }

  get configured(): boolean {
    return this.config.wechat.appId !== null && this.config.wechat.secret !== null;
  }

  async jsapiTicket(): Promise<string> {
    if (this.ticket && this.ticket.expiresAt > Date.now()) return this.ticket.value;
    this.pendingTicket ??= this.refreshTicket().finally(() => {
      this.pendingTicket = null;
    });
    return this.pendingTicket;
  }

  private async refreshTicket(): Promise<string> {
    let answer = await this.get('/cgi-bin/ticket/getticket', { access_token: await this.accessToken(), type: 'jsapi' });
    if (answer.errcode !== undefined && STALE_TOKEN_CODES.has(answer.errcode)) {
      this.token = null;
      answer = await this.get('/cgi-bin/ticket/getticket', { access_token: await this.accessToken(), type: 'jsapi' });
    }
    if ((answer.errcode ?? 0) !== 0 || !answer.ticket) throw upstreamError('jsapi_ticket', answer);
    this.ticket = cache(answer.ticket, answer.expires_in);
    return answer.ticket;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const answer = await this.get('/cgi-bin/token', {
      grant_type: 'client_credential',
      appid: this.config.wechat.appId ?? '',
      secret: this.config.wechat.secret ?? '',
    });
    if (!answer.access_token) throw upstreamError('access_token', answer);
    this.token = cache(answer.access_token, answer.expires_in);
    return answer.access_token;
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

/** Keeps a value until shortly before WeChat's expiry (5 minutes early, or a tenth of a short lifetime). */
function cache(value: string, expiresIn: number | undefined): Cached {
  const lifetimeMs = (expiresIn ?? 7200) * 1000;
  return { value, expiresAt: Date.now() + lifetimeMs - Math.min(300_000, lifetimeMs / 10) };
}

function upstreamError(what: string, answer: WechatAnswer): WechatError {
  return new WechatError(`${what} refused: errcode ${answer.errcode ?? '?'} ${answer.errmsg ?? ''}`.trim());
}
