import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  beijingIso,
  ResultCode,
  type ApiCall,
  type Envelope,
  type PreviewLinks,
  type RouteMatch,
} from '@site/shared-types';
import { DataSource } from 'typeorm';
import { ApiException, failure } from '../../core/api.exception.js';
import { failureEnvelope, refusalEnvelope, successEnvelope } from '../../core/envelope.js';
import { CasesService } from '../../content/cases/cases.service.js';
import type { EditedKind } from '../../content/editing/item-changes.js';
import { itemState } from '../../content/editing/publishing.queries.js';
import { NewsService } from '../../content/news/news.service.js';
import { siteSecret } from '../releases/release.queries.js';

/** A valid preview a page request carries: which item its detail reads show as saved. */
export interface Preview {
  kind: EditedKind;
  id: number;
}

const ROUTES: Record<string, EditedKind> = { details: 'case', medetails: 'case', news: 'news', menews: 'news' };
const TOKEN = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * Previews of drafts and scheduled items (docs/behaviour.md#preview): `POST /api/preview` signs the item's desktop
 * and mobile addresses with `?preview=<expiry>.<HMAC>` for an hour; a page asked for with a valid one shows the
 * item as last saved, never cached and marked noindex. A token names its item and its expiry, signed with a
 * secret every server shares; it stops working when the hour is over, and once the item is published (its page is
 * then public) or deleted.
 */
@Injectable()
export class Previews {
  static readonly VALID_MS = 3600_000;
  private secret: Promise<Buffer> | null = null;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly cases: CasesService,
    private readonly news: NewsService,
  ) {}

  async links(kind: EditedKind, id: number, now = Date.now()): Promise<PreviewLinks> {
    const state = await itemState(this.db, kind, id);
    if (state === undefined) throw failure(`${kind === 'case' ? '案例' : '文章'}不存在或已删除`);
    if (state === 'published') throw failure('已发布的内容无需预览，请直接查看页面');
    const expires = Math.floor((now + Previews.VALID_MS) / 1000);
    const token = `${expires}.${await this.sign(kind, id, expires)}`;
    const desktop = `/${kind === 'case' ? 'details' : 'news'}/${id}.html?preview=${token}`;
    return { desktop, mobile: `/move${desktop}`, expires_at: beijingIso(new Date(expires * 1000)) };
  }

  /** The preview a page request carries, when its token is good for the page's item and the item is unpublished. */
  async of(req: IncomingMessage, match: RouteMatch | null): Promise<Preview | null> {
    const query = req.url?.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
    if (!query.includes('preview=')) return null;
    const token = TOKEN.exec(new URLSearchParams(query).get('preview') ?? '');
    const kind = match ? ROUTES[match.route.name] : undefined;
    if (!token || !kind || !match?.id) return null;
    const expires = Number(token[1]);
    if (expires * 1000 <= Date.now()) return null;
    const expected = Buffer.from(await this.sign(kind, match.id, expires));
    const given = Buffer.from(token[2]!);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const state = await itemState(this.db, kind, match.id);
    return state === undefined || state === 'published' ? null : { kind, id: match.id };
  }

  /** The page's reads with the previewed item's detail read as saved; every other read as it is. */
  reads(call: ApiCall, preview: Preview): ApiCall {
    return async (request) => {
      const body = (request.body ?? {}) as { case?: unknown; casemenu?: unknown };
      if (Number(body.case) !== preview.id) return call(request);
      if (preview.kind === 'case' && request.path === '/api/details') {
        return answer(() => this.cases.detail(preview.id, Number(body.casemenu ?? 0) || 0, 'preview'));
      }
      if (preview.kind === 'news' && request.path === '/api/itemnewscut') {
        return answer(() => this.news.detail(preview.id, 'preview'));
      }
      return call(request);
    };
  }

  private async sign(kind: EditedKind, id: number, expires: number): Promise<string> {
    this.secret ??= siteSecret(this.db, 'preview').catch((error: unknown) => {
      this.secret = null;
      throw error;
    });
    return createHmac('sha256', await this.secret)
      .update(`preview:${kind}:${id}:${expires}`)
      .digest('base64url');
  }
}

async function answer(read: () => Promise<unknown>): Promise<Envelope<unknown>> {
  try {
    return successEnvelope(await read(), '成功');
  } catch (error) {
    if (error instanceof ApiException) return refusalEnvelope(error);
    return failureEnvelope(ResultCode.Failure, '预览暂时无法显示');
  }
}
