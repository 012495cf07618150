/**
 * Remote releases as the back office and the release command see them (docs/behaviour.md#remote-releases): which
 * release of each remote is active, which one runs as a canary for a share of visitors, what each kept release
 * was built from, its error counts, and the record of every switch.
 */
import type { RemoteName } from '../site-config.js';

/** Where a kept release stands: serving everyone, serving the canary share, the rollback target, or kept. */
export type ReleaseState = 'active' | 'canary' | 'previous' | 'kept';

/** Pages served with a release and the failures counted against it, since it last became active or canary. */
export interface ReleaseStats {
  views: number;
  /** Server renders that failed (the page was rendered in the browser instead). */
  ssrFailures: number;
  /** Remote load failures and uncaught errors the browsers reported (with their page's report token). */
  clientErrors: number;
  /** While the release is a canary: the distinct visitors it served… */
  visitors: number;
  /** …and how many of them met a failure (what the canary is judged by). */
  failedVisitors: number;
}

/** One kept release of a remote, with the facts of its record (`release.json`). */
export interface ReleaseRow {
  release: string;
  /** `yyyy-MM-dd HH:mm`, UTC+8; '' when the release has no record. */
  builtAt: string;
  /** The git commit (12 hex digits), null outside a work tree. */
  commit: string | null;
  /** The remote's sources differed from the commit. */
  dirty: boolean;
  react: string | null;
  /** The platform contract (`@site/platform`) version it was built against. */
  platform: string | null;
  /** Gzipped bytes of JS and CSS a first view loads (remote entry and `./App`); null without a record. */
  firstViewGzip: number | null;
  state: ReleaseState;
  /** Why it cannot run on the shell that serves (Chinese sentences); empty when it can. */
  problems: string[];
  stats: ReleaseStats;
}

/** One remote: its pointer and its kept releases, newest first. */
export interface RemoteReleases {
  remote: RemoteName;
  /** 桌面站, 手机站, 管理后台. */
  title: string;
  /** `REMOTE_*_URL` is set: the remote is served from another origin and not switched here. */
  external: boolean;
  active: string | null;
  /** What `rollback` returns to (the release active before the current one). */
  previous: string | null;
  canary: { release: string; percent: number; since: string } | null;
  releases: ReleaseRow[];
}

/** What happened to a pointer: by whom (an administrator's e-mail, `命令行`, `构建` or `系统`). */
export type ReleaseAction = 'activate' | 'canary' | 'promote' | 'abandon' | 'rollback' | 'auto-rollback' | 'refused';

export interface ReleaseEvent {
  id: number;
  remote: RemoteName;
  action: ReleaseAction;
  from: string | null;
  to: string | null;
  /** The canary's share, for `canary`. */
  percent: number | null;
  actor: string;
  /** Why (a refusal's problems, an automatic rollback's figures); '' when nothing more to say. */
  detail: string;
  /** `yyyy-MM-dd HH:mm:ss`, UTC+8. */
  at: string;
}

/** `/api/releases`: every remote, the latest events (newest first), and the canary's rollback threshold. */
export interface ReleasesOverview {
  remotes: RemoteReleases[];
  events: ReleaseEvent[];
  canaryPolicy: {
    /** A canary whose visitors met a failure more often than this (0–1) is rolled back automatically… */
    maxErrorRate: number;
    /** …once it has served at least this many views… */
    minViews: number;
    /** …to at least this many distinct visitors. */
    minVisitors: number;
  };
}

export interface ReleaseRequest {
  remote: RemoteName;
  release: string;
}

export interface CanaryRequest extends ReleaseRequest {
  /** 1–99: the share of visitors served the canary. */
  percent: number;
}

export interface RemoteRequest {
  remote: RemoteName;
}

/** What the browser reports to `/api/frontend/errors` (bounded: longer texts are cut). */
export interface ClientErrorReport {
  remote: RemoteName;
  release: string;
  /** `load`: the remote did not load; `error`: an uncaught error or rejected promise; `hydration`: a mismatch. */
  kind: 'load' | 'error' | 'hydration';
  message?: string;
}
