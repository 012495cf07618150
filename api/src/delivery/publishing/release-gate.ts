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

const FACES: Record<RemoteName, SiteFace> = { mf_desktop: 'desktop', mf_mobile: 'mobile', mf_admin: 'admin' };

/**
 * The gate every switch of a pointer goes through (docs/architecture.md "Releases"), whoever asks: the back
 * office, the release command, the build's `current.json`. A release is refused when its files are not there,
 * when it was built against singletons or a platform contract the serving shell does not provide, or when its
 * server build fails to render a page of any route in its face's route table (the smoke render). Answers the
 * reasons, in Chinese; empty when the release may be switched on.
 */
@Injectable()
export class ReleaseGate {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly files: ReleaseFiles,
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
    if (!(await this.files.exists(remote, release))) return [`没有找到版本 ${release} 的文件`];
    const shell = await this.files.shellRecord();
    const record = await this.files.record(remote, release);
    if (shell) {
      const problems = compatibilityProblems(record, shell.provides);
      if (problems.length > 0) return problems;
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
      face === 'desktop' ? await this.seo.desktopPages() : face === 'mobile' ? await this.seo.mobilePages() : [];
    const urls: string[] = [];
    for (const route of siteRoutes(face)) {
      const sample = pages.find((page) => matchSiteRoute(page.path)?.route === route)?.path;
      urls.push(sample ?? `${FACE_BASE[face]}${route.path.replace(':id', '1.html')}`);
    }
    return [...new Set(urls)];
  }
}
