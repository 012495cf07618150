import { Inject, Injectable } from '@nestjs/common';
import {
  composeHead,
  LEAD_SENT_PARAM,
  NOT_FOUND_HEAD,
  queryParams,
  ROUTE_TITLES,
  siteMetaFrom,
  siteName,
  type LeadFormState,
  type SiteConfig,
  type StartsAtLoad,
} from '@site/shared-types';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { RenderCalls } from '../reads/render-calls.js';
import { KeywordsService } from '../../content/keywords/keywords.service.js';
import { headTags } from './head-tags.js';
import { PageReads } from '../reads/page-reads.js';
import { CanaryVisits } from '../releases/canary-visits.js';
import { ShellTemplate } from './shell-template.js';
import { SsrService, type ServerRender } from './ssr.service.js';
import { StructuredData } from './structured-data.service.js';
import { PageRequests } from './page-request.js';
import { Previews } from './previews.js';

/**
 * What a preview shows above the page (docs/behaviour.md#preview): outside the application, so never hydrated; in
 * the page's flow, above the site's header, so that it covers none of the page.
 */
const PREVIEW_BANNER =
  '<div role="status" style="position:relative;z-index:2147483647;padding:6px 16px;' +
  'background:#fff7e6;border-bottom:1px solid #ffd591;color:#874d00;font:14px/1.6 sans-serif;text-align:center">' +
  '预览：此内容尚未发布，仅持有此链接的人可以看到（链接 1 小时内有效）</div>';

/** A contact form the server did not take, answered with its page: what was typed, why, and the status. */
export interface FormAnswer {
  lead: LeadFormState;
  status: number;
}

/**
 * The shell's page for every non-API address (history mode), step by step (docs/architecture.md "Render
 * path"): the start-up redirect as a 302; the public page rendered on the server by its remote's route module,
 * which also gives the page's status and head; or, for a page rendered in the browser, the status and head from
 * the same route module run without rendering; then the shell's template filled in and the markup streamed
 * into it. `form`: the page answers a contact form sent to it (`LeadFormPosts`), on its own address, never kept.
 */
@Injectable()
export class PageService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly keywords: KeywordsService,
    private readonly pages: PageRequests,
    private readonly ssr: SsrService,
    private readonly shell: ShellTemplate,
    private readonly calls: RenderCalls,
    private readonly structured: StructuredData,
    private readonly visits: CanaryVisits,
    private readonly previews: Previews,
  ) {}

  async serve(req: Request, res: Response, form?: FormAnswer): Promise<void> {
    const page = this.pages.of(req, res);
    res.setHeader('Cache-Control', form ? 'no-store' : 'no-cache');
    res.setHeader('Vary', page.vary);
    // A preview of a draft or scheduled item: never kept by anyone, never indexed, not counted as a visit, and
    // shown on the face it was made for whatever the device (the mobile one is opened on a computer too).
    const preview = await this.previews.of(req, page.match);
    if (preview) {
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    }
    if (page.redirect && !preview && !form) {
      res.redirect(302, page.redirect);
      return;
    }
    // One address per page: another spelling of it moves there for good; an address that names nothing is
    // not found, whatever a lenient parser would make of it.
    if (page.address?.moved && !form) {
      res.redirect(301, page.address.moved);
      return;
    }

    const files = await this.shell.files();
    if (!files) {
      res
        .status(503)
        .type('html')
        .send(
          '<!doctype html><meta charset="utf-8"><title>网站维护中</title><p>网站前端尚未构建，请运行 npm run build。</p>',
        );
      return;
    }
    const { match, remote, release, origin } = page;
    const records = await this.keywords.list();
    const site = siteMetaFrom(records);
    if (release && !preview) this.visits.pageServed(req, res, remote, release);

    // The page's public reads, each made once: by the render (or the head alone) and the structured data.
    const reads = new PageReads(preview ? this.previews.reads(this.calls.call, preview) : this.calls.call);
    // A form's answer is its page on its own address (not the `?sent=1` one it may have been sent from).
    const url = form ? page.path : page.url;
    const made = remote !== 'mf_admin' && release ? { url, remote, release, match } : null;
    const input = made && {
      ...made,
      apiBase: loopbackBase(req),
      call: reads.read,
      keywords: records,
      lead: form?.lead,
    };
    let rendered: ServerRender | null = null;
    if (input && (req.method === 'GET' || form)) {
      rendered = await this.ssr.render(
        { ...input, onFailure: () => this.visits.renderFailed(req, remote, input.release) },
        files.build,
      );
    }
    // A page rendered in the browser takes its head from its route module all the same; the route's own title
    // serves only where no route module can run here (the back office; a release without a server build).
    const head = !match
      ? composeHead(NOT_FOUND_HEAD, site)
      : (rendered?.result.head ??
        (input && (await this.ssr.head(input, files.build))) ??
        composeHead({ title: ROUTE_TITLES[match.route.name as keyof typeof ROUTE_TITLES] ?? null }, site));

    const config: SiteConfig = {
      ...page.visitor.pointer,
      origin,
      mobileHosts: this.config.mobileHosts,
      hydration: this.config.frontend.hydration,
      map: { provider: this.config.frontend.mapProvider },
      // The mobile site loads WeChat's JS-SDK and the statistics script only when these are configured.
      wechat: this.config.wechat.appId !== null,
      analyticsId: this.config.analyticsId,
      // Public pages only: not the back office, nor a preview (a draft shown to an administrator), nor "not found".
      vitals: this.shell.vitals(files, match && remote !== 'mf_admin' && !preview ? this.config.vitalsPercent : 0),
      startAtLoad: startAtLoad(rendered?.result.startsAtLoad, this.config),
    };
    const name = siteName(site.title);
    // The page a sent form moves to (`?sent=1`) is the form's page for anyone else: its canonical address has no mark.
    const canonicalSearch = form
      ? ''
      : queryParams(page.search)
          .filter(([key]) => key !== LEAD_SENT_PARAM)
          .map((pair) => pair.map(encodeURIComponent).join('='))
          .join('&');
    const structured =
      head.status === 200 && match && !preview
        ? await this.structured.tag(match, page.path, origin, name, head.name, reads)
        : null;
    const [before, after] = this.shell.fill(files, {
      head: [
        ...headTags({ head, siteName: name, origin, path: page.path, search: canonicalSearch, match }),
        ...(structured ? [structured] : []),
        ...(preview ? ['<meta name="robots" content="noindex, nofollow" />'] : []),
      ],
      styles: rendered?.styles ?? [],
      prefetch: rendered?.scripts ?? [],
      config,
      stateJson: rendered?.result.stateJson ?? null,
      banner: preview ? PREVIEW_BANNER : undefined,
    });

    res.status(head.status === 200 && form ? form.status : head.status).type('html');
    if (!rendered) {
      res.send(before + after);
      return;
    }
    // The markup is complete when the render answers: the page goes out in one piece, with its length.
    const body: Array<Uint8Array | string> = [before];
    rendered.result.stream(
      (chunk) => body.push(chunk),
      (error) => {
        if (error) {
          // A page rendered on the server was made with a release.
          if (release) this.visits.renderFailed(req, remote, release);
          res.destroy(error instanceof Error ? error : new Error(String(error)));
        } else {
          body.push(after);
          const page = Buffer.concat(body.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
          res.setHeader('Content-Length', page.length);
          res.end(page);
        }
      },
    );
  }
}

/** This server as seen from itself: the render fetches the page's data over loopback, like the browser would. */
function loopbackBase(req: Request): string {
  const address = req.socket.localAddress ?? '127.0.0.1';
  const host =
    address.includes(':') && !address.startsWith('::ffff:') ? `[${address}]` : address.replace(/^::ffff:/, '');
  return `http://${host}:${req.socket.localPort}`;
}

/**
 * Whether a rendered page's code starts as soon as it opens: its remote does work at load (`startsAtLoad`) that is
 * configured here. The page's cached markup is the same for every visitor; WeChat's browser is told apart there.
 */
function startAtLoad(
  work: StartsAtLoad | undefined,
  config: Pick<AppConfig, 'analyticsId' | 'wechat'>,
): SiteConfig['startAtLoad'] {
  if (work?.analytics && config.analyticsId) return 'always';
  if (work?.wechat && config.wechat.appId !== null) return 'wechat';
  return undefined;
}
