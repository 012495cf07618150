import type { IncomingMessage, ServerResponse } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import {
  decideStartupRedirect,
  redirectLocation,
  resolvePageAddress,
  type PageAddress,
  type RemoteName,
  type RouteMatch,
} from '@site/shared-types';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { originSettings, publicOrigin, type OriginSettings } from '../../core/public-origin.js';
import { RemotesService, type VisitorReleases } from '../releases/remotes.service.js';

/**
 * What one request for a page is, worked out once (docs/architecture.md "Render path"): the cache in front of the
 * application and the page service behind it read the same facts.
 */
export class PageRequest {
  constructor(
    /** Where the start-up redirect sends the visitor (a 302, the query kept), or `null`. */
    readonly redirect: string | null,
    /** The page's own address; `null`: the address names nothing. `moved`: this is another spelling of it. */
    readonly address: PageAddress | null,
    /** The address the page is made from: its canonical one (`?utm_source=…` dropped), or as asked for a 404. */
    readonly url: string,
    /** The origin of the page's absolute addresses. */
    readonly origin: string,
    readonly remote: RemoteName,
    /** The page's `Vary`: `User-Agent` where the redirect reads it, `Cookie` while a canary runs. */
    readonly vary: string,
    private readonly releases: () => VisitorReleases,
  ) {}

  get match(): RouteMatch | null {
    return this.address?.match ?? null;
  }

  get path(): string {
    const at = this.url.indexOf('?');
    return at < 0 ? this.url : this.url.slice(0, at);
  }

  /** `url`'s query, without `?`. */
  get search(): string {
    const at = this.url.indexOf('?');
    return at < 0 ? '' : this.url.slice(at + 1);
  }

  /**
   * The releases this visitor gets (a canary goes to some). Asked only for a page that is made: with a canary
   * running, a new visitor's bucket cookie is set on the response then, not on a redirect.
   */
  get visitor(): VisitorReleases {
    return this.releases();
  }

  /** The release of `remote` the page is made with; none while the remote has no release in use. */
  get release(): string | undefined {
    return this.visitor.pointer.remotes[this.remote]?.release;
  }
}

const PAGE_REQUEST = Symbol('page request');
const MAX_FACTS = 4096;

interface AddressFacts {
  redirect: string | null;
  address: PageAddress | null;
  url: string;
  remote: RemoteName;
  vary: string;
}

type Remembered = IncomingMessage & { [PAGE_REQUEST]?: PageRequest };

@Injectable()
export class PageRequests {
  private readonly originSettings: OriginSettings;
  private readonly facts = new Map<string, AddressFacts>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly remotes: RemotesService,
  ) {
    this.originSettings = originSettings(config);
  }

  /** The page request of `req`, worked out on the first call and kept on the request for the others. */
  of(req: IncomingMessage, res: ServerResponse): PageRequest {
    const remembered = (req as Remembered)[PAGE_REQUEST];
    if (remembered) return remembered;
    const facts = this.factsOf(req.headers.host ?? '', req.url ?? '/', req.headers['user-agent']);
    const page = new PageRequest(
      facts.redirect,
      facts.address,
      facts.url,
      publicOrigin(req, this.originSettings),
      facts.remote,
      this.remotes.canaryRunning() ? `${facts.vary}, Cookie` : facts.vary,
      () => this.remotes.forVisitor(req, res),
    );
    (req as Remembered)[PAGE_REQUEST] = page;
    return page;
  }

  /**
   * What a host, an address and a user agent make of a request, worked out once per such triple (they are
   * pure, and the same few triples come again and again; bounded, since outsiders choose them freely).
   */
  private factsOf(host: string, asked: string, userAgent: string | undefined): AddressFacts {
    const key = `${host}\n${asked}\n${userAgent ?? ''}`;
    let facts = this.facts.get(key);
    if (facts === undefined) {
      const mark = asked.indexOf('?');
      const path = mark < 0 ? asked : asked.slice(0, mark);
      const query = mark < 0 ? '' : asked.slice(mark + 1);
      const mobileHosts = this.config.mobileHosts;
      const target = decideStartupRedirect({ host, path, userAgent, mobileHosts });
      const address = resolvePageAddress(path, query);
      facts = {
        redirect: target && target !== path ? redirectLocation(target, query) : null,
        address,
        // The page is made from its path and the parameters it reads, nothing else.
        url: address && !address.moved ? address.canonical : asked,
        remote: remoteFor(address?.match ?? null, path),
        vary: pageVary(host, path, mobileHosts),
      };
      if (this.facts.size >= MAX_FACTS) this.facts.clear();
      this.facts.set(key, facts);
    }
    return facts;
  }
}

/** The remote that renders a page: by its route's face, or for an unknown page by its path's prefix. */
function remoteFor(match: RouteMatch | null, pathname: string): RemoteName {
  const face =
    match?.route.face ??
    (/^\/admin(\/|$)/.test(pathname) ? 'admin' : /^\/move(\/|$)/.test(pathname) ? 'mobile' : 'desktop');
  return face === 'admin' ? 'mf_admin' : face === 'mobile' ? 'mf_mobile' : 'mf_desktop';
}

const DESKTOP_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)';
const MOBILE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)';

/**
 * The `Vary` of a page at this host and path: `User-Agent` too where phones and computers are redirected
 * differently (a cache in front must then keep them apart), only `Accept-Encoding` elsewhere. The redirect reads
 * nothing of the user agent but whether it is a phone's, so one agent of each kind tells them apart.
 */
function pageVary(host: string, path: string, mobileHosts: string[]): string {
  const redirect = (userAgent: string) => decideStartupRedirect({ host, path, userAgent, mobileHosts });
  return redirect(MOBILE_UA) === redirect(DESKTOP_UA) ? 'Accept-Encoding' : 'Accept-Encoding, User-Agent';
}
