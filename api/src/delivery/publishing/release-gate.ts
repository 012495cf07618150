import { Inject, Injectable } from '@nestjs/common';
import { FACE_BASE, matchSiteRoute, siteRoutes, type RemoteName, type SiteFace } from '@site/shared-types';
import { compatibilityProblems } from '@site/shared-types/release';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { RenderCalls } from '../reads/render-calls.js';
import { ShellTemplate } from '../pages/shell-template.js';
import { SsrService } from '../pages/ssr.service.js';
import { KeywordsService } from '../../content/keywords/keywords.service.js';
import { SeoFiles } from '../seo/seo-files.service.js';
import { ReleaseFiles, RELEASE_ID } from '../releases/release-files.js';
import { ReleaseStore, ReleaseUnavailable } from '../releases/release-store.js';

const FACES: Record<RemoteName, SiteFace> = { mf_desktop: 'desktop', mf_mobile: 'mobile', mf_admin: 'admin' };

/**
 * The gate every switch of a pointer goes through (docs/architecture.md "Releases"), whoever asks: the back
 * office, the release command, the build's `current.json`. It reads the release from the media store. A release is
 * refused when it is not stored, when its files there do not match its manifest, when it was built against
 * singletons or a platform contract the serving shell does not provide, or when its server build fails to render a
 * page of any route in its face's route table (the smoke render). Answers the reasons, in Chinese; empty when the
 * release may be switched on. Throws a transient {@link ReleaseUnavailable} when the store or the database cannot
 * be read now.
 */
@Injectable()
export class ReleaseGate {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly files: ReleaseFiles,
    private readonly store: ReleaseStore,
    private readonly ssr: SsrService,
    private readonly shell: ShellTemplate,
    private readonly calls: RenderCalls,
    private readonly keywords: KeywordsService,
    private readonly seo: SeoFiles,
  ) {}

  async problems(remote: RemoteName, release: string, options: { smoke: boolean }): Promise<string[]> {
    if (!RELEASE_ID.test(release)) return [`版本号“${release.slice(0, 50)}”无效`];
    const url = this.config.frontend.remotes[remote].url;
    if (url && !url.includes('{release}')) {
      return [`该站点由 REMOTE_${remote.toUpperCase()}_URL 指向固定地址，不能在这里切换版本`];
    }
    const stored = await this.store.stored(remote, release).catch((error: Error) => {
      throw new ReleaseUnavailable('transient', `暂时无法读取版本 ${release} 的记录`, error.message);
    });
    if (!stored) return [`没有找到版本 ${release} 的文件`];
    const shell = await this.files.shellRecord();
    const record = stored.record;
    if (shell) {
      const problems = compatibilityProblems(record, shell.provides);
      if (problems.length > 0) return problems;
    }
    // This server's copy, every file checked against the manifest (the smoke render runs it).
    try {
      await this.store.local(remote, release);
    } catch (error) {
      if (error instanceof ReleaseUnavailable && error.kind !== 'transient') return [error.reason];
      throw error;
    }
    if (!options.smoke || !record?.server) return [];
    const files = await this.shell.files();
    if (!files) return [];
    const smoked = await this.ssr.smoke(
      {
        remote,
        release,
        urls: await this.smokeUrls(FACES[remote]),
        apiBase: 'http://127.0.0.1',
        call: this.calls.call,
        keywords: await this.keywords.list(),
      },
      files.build,
    );
    return smoked ?? [];
  }

  /**
   * One page of every route of the face: a real one from the sitemap where there is one (a case, an article, a
   * menu), otherwise the route's own path, with id 1 for an `{id}.html` parameter.
   */
  async smokeUrls(face: SiteFace): Promise<string[]> {
    const pages =
      face === 'desktop' ? await this.seo.desktopPages(1) : face === 'mobile' ? await this.seo.mobilePages(1) : [];
    const urls: string[] = [];
    for (const route of siteRoutes(face)) {
      const sample = pages.find((page) => matchSiteRoute(page.path)?.route === route)?.path;
      urls.push(sample ?? `${FACE_BASE[face]}${route.path.replace(':id', '1.html')}`);
    }
    return [...new Set(urls)];
  }
}
