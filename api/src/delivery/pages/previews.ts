import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  beijingIso,
  ResultCode,
  roleMay,
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
import type { Writer } from '../../content/editing/item-review.js';
import { itemPreviewState, type ItemPreviewState } from '../../content/editing/publishing.queries.js';
import { findRevision } from '../../content/editing/revisions.queries.js';
import { NewsService } from '../../content/news/news.service.js';
import { siteSecret } from '../releases/release.queries.js';

/**
 * A valid preview a page request carries: which item its detail reads show as saved, or, for an item that is
 * published or scheduled already, as the change under review (`revision`) would make it.
 */
export interface Preview {
  kind: EditedKind;
  id: number;
  revision: number | null;
}

/**
 * The revision a preview of the item shows: none for a draft or a scheduled item without a change (its row as saved),
 * the change under review (or sent back) for an approved item, `undefined` when there is nothing to preview (a
 * published item without one).
 */
function previewed(state: ItemPreviewState): number | null | undefined {
  if (state.status !== 'draft' && state.review_number !== null) return state.review_number;
  return state.status === 'published' ? undefined : null;
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

  /**
   * The signed addresses of the item's pages. `viewer`: who asks (a contributor only of their own items, the others
   * answering as absent; docs/behaviour.md#review-before-publishing).
   */
  async links(kind: EditedKind, id: number, now = Date.now(), viewer?: Writer): Promise<PreviewLinks> {
    const state = await itemPreviewState(this.db, kind, id);
    const mayRead = !viewer || roleMay(viewer.role, 'edit') || state?.author_id === viewer.userId;
    if (state === undefined || !mayRead) throw failure(`${kind === 'case' ? '案例' : '文章'}不存在或已删除`);
    if (previewed(state) === undefined) throw failure('已发布的内容无需预览，请直接查看页面');
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
   * current preview generation, and the item still outside the recycle bin and unpublished, or published with a
   * change under review.
   */
  async of(req: IncomingMessage, match: RouteMatch | null): Promise<Preview | null> {
    const signed = await this.verify(req.url, match);
    if (!signed) return null;
    const state = await itemPreviewState(this.db, signed.kind, signed.id);
    if (state === undefined || state.generation !== signed.generation) return null;
    const revision = previewed(state);
    if (revision === undefined) return null;
    return { kind: signed.kind, id: signed.id, revision };
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

  /**
   * The page's reads with the previewed item's detail read as saved (or as its change under review would make it,
   * among the same neighbours); every other read as it is.
   */
  reads(call: ApiCall, preview: Preview): ApiCall {
    return async (request) => {
      const body = (request.body ?? {}) as { case?: unknown; casemenu?: unknown };
      if (Number(body.case) !== preview.id) return call(request);
      if (preview.kind === 'case' && request.path === '/api/details') {
        return answer(async () =>
          this.changed(preview, await this.cases.detail(preview.id, Number(body.casemenu ?? 0) || 0, 'preview')),
        );
      }
      if (preview.kind === 'news' && request.path === '/api/itemnewscut') {
        return answer(async () => this.changed(preview, await this.news.detail(preview.id, 'preview')));
      }
      return call(request);
    };
  }

  /** A detail with the fields of the change under review in place of the stored ones (none: as it is). */
  private async changed<Detail extends object>(preview: Preview, detail: Detail): Promise<Detail> {
    if (preview.revision === null) return detail;
    const revision = await findRevision(this.db, { kind: preview.kind, itemId: preview.id }, preview.revision);
    const document = (revision?.document ?? {}) as Record<string, unknown>;
    const fields = Object.keys(detail).filter((key) => key !== 'id' && key in document);
    return { ...detail, ...Object.fromEntries(fields.map((key) => [key, document[key]])) };
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
