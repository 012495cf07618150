import { promises as fs } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type {
  ApiCall,
  KeywordRecord,
  LeadFormState,
  RouteMatch,
  SsrHead,
  SsrRenderer,
  SsrRequest,
  SsrResult,
} from '@site/shared-types';
import { APP_CONFIG, type AppConfig, type RemoteName } from '../../config/config.js';
import { Metrics } from '../../core/metrics/metrics.service.js';
import { RemotesService, type PageStyle, type ServerRelease } from '../releases/remotes.service.js';

export interface ServerRender {
  result: SsrResult;
  /** The remote release's stylesheets, for the head. */
  styles: PageStyle[];
  /** The remote release's scripts, fetched without running once the page is quiet. */
  scripts: string[];
}

export interface RenderInput {
  url: string;
  remote: RemoteName;
  release: string;
  apiBase: string;
  /** Answers the render's public reads in this process. */
  call: ApiCall;
  keywords: KeywordRecord[];
  /** The route the page request matched (absent for the release gate's smoke renders: they match their own). */
  match?: RouteMatch | null;
  /** Told when the render fails (the failure is counted against the release, and against a canary's visitor). */
  onFailure?: () => void;
  /** A contact form sent without the application and not taken: the page shows it so. */
  lead?: LeadFormState;
}

/**
 * Server rendering of the public pages. The shell's server build (`<shell>/server/main.cjs`) is loaded at run
 * time on first use and loads each remote's server build from the release the page names, so a new release is
 * rendered without a restart. Anything that cannot render (no server build, a remote that does not load or
 * throws, a render error) answers `null`: the page is then rendered in the browser, never an error page. Each
 * failure is logged once per release.
 */
@Injectable()
export class SsrService {
  private readonly logger = new Logger('SSR');
  private renderer: Promise<{ renderer: SsrRenderer; shellBuild: string } | null> | null = null;
  private readonly reported = new Set<string>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly remotes: RemotesService,
    private readonly metrics: Metrics,
  ) {}

  get enabled(): boolean {
    return this.config.frontend.ssr && this.config.frontend.shellUrl === null;
  }

  /** `shellBuild`: the shell's `assets.json` the page is built from (its server build must be the same build). */
  async render(input: RenderInput, shellBuild: string): Promise<ServerRender | null> {
    if (!this.enabled) return null;
    const rendered = await this.attempt(input, shellBuild);
    // Counted for /api/metrics: a page that should have been rendered here and is rendered in the browser failed.
    this.metrics.ssrRendered(rendered !== null);
    return rendered;
  }

  private async attempt(input: RenderInput, shellBuild: string): Promise<ServerRender | null> {
    const release = await this.remotes.serverRelease(input.remote, input.release);
    if (!release) return null;
    const loaded = await this.load(shellBuild);
    if (!loaded) return null;
    if (loaded.shellBuild !== shellBuild) {
      this.reportOnce('shell', 'The shell was rebuilt: restart the server to render pages on the server again');
      return null;
    }
    try {
      const result = await loaded.renderer.render(this.request(input, input.url, release));
      return { result, styles: release.styles, scripts: release.scripts };
    } catch (error) {
      // Counted against the release: a canary that fails to render on the server is rolled back.
      input.onFailure?.();
      this.reportOnce(
        `${input.remote}@${input.release}`,
        `Server rendering with ${input.remote} release ${input.release} failed; its pages are rendered in the browser. ${describe(error)}`,
      );
      return null;
    }
  }

  /**
   * The head and status of a page the browser renders, from its route module run by the shell's server build
   * (the same reads and `head` a render uses), whether or not pages are rendered here (`SSR`). `null` when that
   * cannot run: no server build of the shell or of the release, or a route module that throws.
   */
  async head(input: Omit<RenderInput, 'onFailure'>, shellBuild: string): Promise<SsrHead | null> {
    if (this.config.frontend.shellUrl !== null) return null;
    const release = await this.remotes.serverRelease(input.remote, input.release);
    const loaded = release ? await this.load(shellBuild) : null;
    if (!release || !loaded || loaded.shellBuild !== shellBuild) return null;
    try {
      return await loaded.renderer.head(this.request(input, input.url, release));
    } catch (error) {
      this.reportOnce(
        `head ${input.remote}@${input.release}`,
        `The route modules of ${input.remote} release ${input.release} fail on the server; pages rendered in the browser get the route's own title. ${describe(error)}`,
      );
      return null;
    }
  }

  /**
   * Renders each of `urls` with a release that is not necessarily in use (the release gate's smoke render, docs/
   * architecture.md "Releases") and answers what failed, one Chinese sentence per page; empty when every page
   * rendered. `null` when nothing can be rendered here (server rendering off, no server build of the shell or of
   * the release): the gate then has only the release's record to go by.
   */
  async smoke(
    input: Omit<RenderInput, 'url'> & { urls: readonly string[] },
    shellBuild: string,
  ): Promise<string[] | null> {
    if (!this.enabled) return null;
    const release = await this.remotes.serverRelease(input.remote, input.release);
    const loaded = release ? await this.load(shellBuild) : null;
    if (!release || !loaded) return null;
    const problems: string[] = [];
    for (const url of input.urls) {
      try {
        const result = await loaded.renderer.render(this.request(input, url, release));
        await new Promise<void>((resolve, reject) =>
          result.stream(
            () => undefined,
            (error) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve()),
          ),
        );
      } catch (error) {
        problems.push(`服务端渲染 ${url} 失败：${firstLine(error)}`);
      }
    }
    // Every page fails alike when the release is broken: the first few say enough.
    return problems.length > 3 ? [...problems.slice(0, 3), `另有 ${problems.length - 3} 个页面同样失败`] : problems;
  }

  private request(input: Omit<RenderInput, 'url'>, url: string, release: ServerRelease): SsrRequest {
    return {
      url,
      remote: input.remote,
      release: input.release,
      serverEntry: release.serverEntry,
      apiBase: input.apiBase,
      call: input.call,
      keywords: input.keywords,
      mobileHosts: this.config.mobileHosts,
      match: input.match,
      lead: input.lead,
    };
  }

  private load(shellBuild: string): Promise<{ renderer: SsrRenderer; shellBuild: string } | null> {
    this.renderer ??= (async () => {
      const file = path.join(this.config.frontend.shellDir, 'server', 'main.cjs');
      try {
        await fs.access(file);
      } catch {
        this.reportOnce('shell', `No server build of the shell (${file}); pages are rendered in the browser`);
        return null;
      }
      try {
        const module = createRequire(import.meta.url)(file) as { loadRenderer(): Promise<SsrRenderer> };
        return { renderer: await module.loadRenderer(), shellBuild };
      } catch (error) {
        this.reportOnce(
          'shell',
          `The shell's server build does not load; pages are rendered in the browser. ${describe(error)}`,
        );
        return null;
      }
    })();
    return this.renderer;
  }

  private reportOnce(key: string, message: string): void {
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.logger.error(message);
  }
}

function firstLine(error: unknown): string {
  const text = (error instanceof Error ? error.message : String(error)).replace(/^Error: /, '');
  return text.split('\n')[0]!.slice(0, 200);
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
