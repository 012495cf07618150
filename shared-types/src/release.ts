/**
 * Remote releases: the record each release keeps beside its files, and the compatibility gate that reads it
 * (docs/architecture.md "Releases"). Node only (the build and the server), so it is its own entry point,
 * `@site/shared-types/release`, kept out of the browser bundles.
 *
 * A remote takes React, React DOM and the platform package (store, API client, remote contract) from the shell
 * as federation singletons. A release built against a range the shell does not provide would start on the wrong
 * React, or refuse to start, for every visitor: the gate refuses it before it is used.
 */
import semver from 'semver';

/** The record's format; a reader refuses a newer one rather than misreading it. */
export const RELEASE_RECORD_FORMAT = 1;

/** Shared modules that are one instance per page: the shell's version is the one every remote gets. */
export const PROVIDED_BY_SHELL = ['react', 'react-dom', '@site/platform'] as const;

/** Bytes of a set of files of a release's browser build, as stored and gzipped. */
export interface ReleaseWeight {
  files: number;
  bytes: number;
  gzip: number;
}

/** `dist/releases/<id>/release.json`, written by the release command (shell/platform/release-record.mjs). */
export interface ReleaseRecord {
  format: number;
  /** The federation name (`mf_desktop`). */
  remote: string;
  package: string;
  release: string;
  builtAt: string;
  buildSeconds: number;
  /** The git commit built, and whether the remote's inputs differed from it; null outside a git work tree. */
  commit: { id: string; dirty: boolean } | null;
  /** The platform contract version (`@site/platform`) it was compiled with. */
  platform: string | null;
  /** Every shared module it uses: the version compiled with and the range it requires of the shell. */
  shared: Record<string, { version: string; requiredVersion: string | null }>;
  /** Whether it has a server build (server rendering). */
  server: boolean;
  size: {
    /** The remote entry and `./App`: what every first view loads before a route's own chunk. */
    firstView: { js: ReleaseWeight; css: ReleaseWeight };
    total: { js: ReleaseWeight; css: ReleaseWeight };
  };
}

/** `shell/dist/shell.json`: the version of each singleton the shell build gives the remotes. */
export interface ShellRecord {
  format: number;
  provides: Record<string, string>;
}

/** A shared module's package: `react-dom/client` and `react/` are served by `react-dom` and `react`. */
function basePackage(name: string): string {
  const parts = name.replace(/\/$/, '').split('/');
  return name.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/**
 * Why a release with `record` (as read from its file: anything) cannot run on a shell that provides `provides`,
 * as Chinese sentences for the back office and the release command; empty when it can.
 */
export function compatibilityProblems(record: unknown, provides: Record<string, string>): string[] {
  if (!record || typeof record !== 'object') return ['发布缺少构建记录 release.json，无法确认它与外壳兼容'];
  const { format, shared } = record as Partial<ReleaseRecord>;
  if (typeof format !== 'number' || format > RELEASE_RECORD_FORMAT) {
    return [`发布记录的格式 ${String(format)} 不是本系统认识的格式，请升级外壳后再启用`];
  }
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const [name, used] of Object.entries(shared ?? {})) {
    const base = basePackage(name);
    if (!(PROVIDED_BY_SHELL as readonly string[]).includes(base) || seen.has(base)) continue;
    seen.add(base);
    const range = used?.requiredVersion;
    const provided = provides[base];
    if (!provided) {
      problems.push(`外壳没有提供共享模块 ${base}`);
    } else if (typeof range !== 'string' || !semver.validRange(range)) {
      problems.push(`发布对共享模块 ${base} 的版本要求无效：${String(range)}`);
    } else if (!semver.satisfies(provided, range)) {
      problems.push(
        base === '@site/platform'
          ? `发布基于平台契约 ${used.version}（要求 ${range}），外壳提供的是 ${provided}`
          : `发布需要 ${base} ${range}（构建时为 ${used.version}），外壳提供的是 ${provided}`,
      );
    }
  }
  if (!seen.has('@site/platform')) problems.push('发布记录没有平台契约版本（@site/platform），无法确认它与外壳兼容');
  return problems;
}
