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
import { itemPreviewState } from '../../content/editing/publishing.queries.js';
import { NewsService } from '../../content/news/news.service.js';
import { siteSecret } from '../releases/release.queries.js';

/** A valid preview a page request carries: which item its detail reads show as saved. */
export interface Preview {
  kind: EditedKind;
  id: number;
}

const ROUTES: Record<string, EditedKind> = { details: 'case', medetails: 'case', news: 'news', menews: 'news' };
/** `<expiry>.<generation>.<signature>`: the expiry in seconds, the item's preview generation, the HMAC of both. */
const TOKEN = /^(\d{1,12})\.(\d{1,9})\.([A-Za-z0-9_-]{43})$/;

/** What a preview token says once its signature is checked. */
interface SignedPreview {
  kind: EditedKind;
  id: number;
  generation: number;
}

/**
 * Previews of drafts and scheduled items (docs/behaviour.md#preview): `POST /api/preview` signs the item's desktop
 * and mobile addresses with `?preview=<expiry>.<generation>.<HMAC>` for an hour; a page asked for with a valid one
 * shows the item as last saved, never cached and marked noindex. A token names its item, its expiry and the item's
 * preview generation, signed with a secret every server shares. It stops working when the hour is over, and at the
 * item's next publish, withdrawal, deletion or restore (each moves the generation on, in the database), so a link
 * never comes back to life.
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
    const state = await itemPreviewState(this.db, kind, id);
    if (state === undefined) throw failure(`${kind === 'case' ? '案例' : '文章'}不存在或已删除`);
    if (state.status === 'published') throw failure('已发布的内容无需预览，请直接查看页面');
    const expires = Math.floor((now + Previews.VALID_MS) / 1000);
    const token = `${expires}.${state.generation}.${await this.sign(kind, id, state.generation, expires)}`;
    const desktop = `/${kind === 'case' ? 'details' : 'news'}/${id}.html?preview=${token}`;
    return { desktop, mobile: `/move${desktop}`, expires_at: beijingIso(new Date(expires * 1000)) };
  }

  /**
   * Whether a page request carries a preview token the server signed for this page's item, still within its hour:
   * the published-content cache lets only such a request past it. Nothing but the signature is checked (no
   * database read), so a made-up or altered token costs one HMAC and gets the cached page.
   */
  async signed(url: string | undefined, match: RouteMatch | null): Promise<boolean> {
    return (await this.verify(url, match)) !== null;
  }

  /**
   * The preview a page request carries: a token signed for the page's item, within its hour, made in the item's
   * current preview generation, and the item still unpublished and outside the recycle bin.
   */
  async of(req: IncomingMessage, match: RouteMatch | null): Promise<Preview | null> {
    const signed = await this.verify(req.url, match);
    if (!signed) return null;
    const state = await itemPreviewState(this.db, signed.kind, signed.id);
    if (state === undefined || state.status === 'published' || state.generation !== signed.generation) return null;
    return { kind: signed.kind, id: signed.id };
  }

  private async verify(url: string | undefined, match: RouteMatch | null): Promise<SignedPreview | null> {
    const mark = url?.indexOf('?') ?? -1;
    if (mark < 0 || !url!.includes('preview=', mark)) return null;
    const token = TOKEN.exec(new URLSearchParams(url!.slice(mark + 1)).get('preview') ?? '');
    const kind = match ? ROUTES[match.route.name] : undefined;
    if (!token || !kind || !match?.id) return null;
    const expires = Number(token[1]);
    const generation = Number(token[2]);
    if (expires * 1000 <= Date.now()) return null;
    const expected = Buffer.from(await this.sign(kind, match.id, generation, expires));
    const given = Buffer.from(token[3]!);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { kind, id: match.id, generation };
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

  private async sign(kind: EditedKind, id: number, generation: number, expires: number): Promise<string> {
    this.secret ??= siteSecret(this.db, 'preview').catch((error: unknown) => {
      this.secret = null;
      throw error;
    });
    return createHmac('sha256', await this.secret)
      .update(`preview:${kind}:${id}:${generation}:${expires}`)
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
