import { Inject, Injectable } from '@nestjs/common';
import {
  composeHead,
  NOT_FOUND_HEAD,
  resolvePageAddress,
  siteMetaFrom,
  siteName,
  type SiteConfig,
} from '@site/shared-types';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { originSettings, publicOrigin, type OriginSettings } from '../../core/public-origin.js';
import { RenderCalls } from '../reads/render-calls.js';
import { KeywordsService } from '../../content/keywords/keywords.service.js';
import { headTags } from './head-tags.js';
import { PageHeadFallback } from './page-head-fallback.service.js';
import { PageReads } from '../reads/page-reads.js';
import { CanaryVisits } from '../releases/canary-visits.js';
import { remoteFor } from './remote-for.js';
import { RemotesService } from '../releases/remotes.service.js';
import { ShellTemplate } from './shell-template.js';
import { SsrService, type ServerRender } from './ssr.service.js';
import { StructuredData } from './structured-data.service.js';
import { pageVary, queryOf, startupRedirect } from './startup-redirect.js';

/**
 * The shell's page for every non-API address (history mode), step by step (docs/architecture.md "Render
 * path"): the start-up redirect as a 302; the public page rendered on the server by its remote's route module,
 * which also gives the page's status and head; or, for the back office and any page not rendered on the server,
 * the status and head from the domain services and the page rendered in the browser; then the shell's template
 * filled in and the markup streamed into it.
 */
@Injectable()
export class PageService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly keywords: KeywordsService,
    private readonly remotes: RemotesService,
    private readonly ssr: SsrService,
    private readonly shell: ShellTemplate,
    private readonly fallback: PageHeadFallback,
    private readonly calls: RenderCalls,
    private readonly structured: StructuredData,
    private readonly visits: CanaryVisits,
  ) {
    this.originSettings = originSettings(config);
  }

  private readonly originSettings: OriginSettings;

  async serve(req: Request, res: Response): Promise<void> {
    res.setHeader('Cache-Control', 'no-cache');
    const vary = pageVary(req.get('host') ?? '', req.path, this.config.mobileHosts);
    res.setHeader('Vary', this.remotes.canaryRunning() ? `${vary}, Cookie` : vary);
    const target = startupRedirect(req, this.config.mobileHosts);
    if (target) {
      res.redirect(302, target);
      return;
    }
    // One address per page: another spelling of it moves there for good; an address that names nothing is
    // not found, whatever a lenient parser would make of it.
    const search = queryOf(req);
    const address = resolvePageAddress(req.path, search);
    if (address?.moved) {
      res.redirect(301, address.moved);
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
    const match = address?.match ?? null;
    const records = await this.keywords.list();
    const site = siteMetaFrom(records);
    const { pointer } = this.remotes.forVisitor(req, res);
    const remote = remoteFor(match, req.path);
    const current = pointer.remotes[remote];
    if (current) this.visits.pageServed(req, res, remote, current.release);

    // The page's public reads, each made once: by the render, the fallback head and the structured data.
    const reads = new PageReads(this.calls.call);
    let rendered: ServerRender | null = null;
    if (remote !== 'mf_admin' && current && req.method === 'GET') {
      rendered = await this.ssr.render(
        {
          url: req.originalUrl,
          remote,
          release: current.release,
          apiBase: loopbackBase(req),
          call: reads.read,
          keywords: records,
          onFailure: () => this.visits.renderFailed(req, remote, current.release),
        },
        files.build,
      );
    }
    const head = match
      ? (rendered?.result.head ?? composeHead(await this.fallback.head(match, reads), site))
      : composeHead(NOT_FOUND_HEAD, site);

    const origin = publicOrigin(req, this.originSettings);
    const config: SiteConfig = {
      ...pointer,
      origin,
      mobileHosts: this.config.mobileHosts,
      hydration: this.config.frontend.hydration,
      map: { provider: this.config.frontend.mapProvider },
      // The mobile site loads WeChat's JS-SDK and the statistics script only when these are configured.
      wechat: this.config.wechat.appId !== null,
      analyticsId: this.config.analyticsId,
    };
    const name = siteName(site.title);
    const structured =
      head.status === 200 && match ? await this.structured.tag(match, req.path, origin, name, reads) : null;
    const [before, after] = this.shell.fill(files, {
      head: [
        ...headTags({ head, siteName: name, origin, path: req.path, search, match }),
        ...(structured ? [structured] : []),
      ],
      styles: rendered?.styles ?? [],
      config,
      stateJson: rendered?.result.stateJson ?? null,
    });

    res.status(head.status).type('html');
    if (!rendered) {
      res.send(before + after);
      return;
    }
    res.write(before);
    rendered.result.stream(
      (chunk) => res.write(chunk),
      (error) => {
        if (error) {
          this.visits.renderFailed(req, remote, current!.release);
          res.destroy(error instanceof Error ? error : new Error(String(error)));
        } else res.end(after);
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
