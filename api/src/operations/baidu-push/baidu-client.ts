import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { errorText } from '../../core/error-text.js';

/** How long one push may take before it counts as failed. */
export const PUSH_TIMEOUT_MS = 10_000;

/** Baidu's answer to a push that it took (普通收录 API). */
export interface BaiduSuccess {
  success: number;
  remain: number;
  not_same_site: string[];
  not_valid: string[];
}

/** What one request got: a success, a refusal (`{error, message}` with a 4xx/5xx), or no usable answer at all. */
export type BaiduAnswer =
  | { kind: 'success'; status: number; body: BaiduSuccess }
  | { kind: 'refused'; status: number; message: string }
  | { kind: 'failed'; status: number; message: string; aborted: boolean };

/**
 * Baidu's link push API: `POST {api}/urls?site={site}&token={token}`, `text/plain`, one address a line. Never
 * throws: every outcome is an answer for the worker to record.
 */
@Injectable()
export class BaiduClient {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async push(urls: readonly string[], signal: AbortSignal): Promise<BaiduAnswer> {
    const { api, site, token } = this.config.baiduPush;
    const address = `${api}/urls?${new URLSearchParams({ site: site ?? '', token: token ?? '' }).toString()}`;
    let response: Response;
    let text: string;
    try {
      response = await fetch(address, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: urls.join('\n'),
        signal: AbortSignal.any([signal, AbortSignal.timeout(PUSH_TIMEOUT_MS)]),
      });
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      return {
        kind: 'failed',
        status: 0,
        aborted: signal.aborted,
        message: timedOut ? `百度没有在 ${PUSH_TIMEOUT_MS / 1000} 秒内应答` : `无法连接百度：${errorText(error)}`,
      };
    }
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: told below
    }
    if (response.ok && isSuccess(body)) return { kind: 'success', status: response.status, body: cleaned(body) };
    if (!response.ok && typeof body === 'object' && body !== null && 'message' in body) {
      return { kind: 'refused', status: response.status, message: String(body.message) };
    }
    return {
      kind: 'failed',
      status: response.status,
      aborted: false,
      message: `百度的应答无法识别（HTTP ${response.status}）：${text.slice(0, 200)}`,
    };
  }
}

function isSuccess(body: unknown): body is BaiduSuccess {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { success?: unknown }).success === 'number' &&
    typeof (body as { remain?: unknown }).remain === 'number'
  );
}

function cleaned(body: BaiduSuccess): BaiduSuccess {
  const list = (value: unknown) =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  return {
    success: body.success,
    remain: body.remain,
    not_same_site: list(body.not_same_site),
    not_valid: list(body.not_valid),
  };
}
