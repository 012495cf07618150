/**
 * The three remotes and what the server tells the shell about them and about the site, inlined in every page
 * (`<script id="site-config">`) and answered by `GET /api/frontend/remotes` (docs/architecture.md).
 */

/** Remote names as registered at run time (JS identifiers); each is built by the package of the same name with a dash. */
export const REMOTE_NAMES = ['mf_desktop', 'mf_mobile', 'mf_admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** The package (folder) that builds a remote: `mf_desktop` → `mf-desktop`. */
export function remotePackage(name: RemoteName): string {
  return name.replace('_', '-');
}

/** Which release of each remote the page uses, and where its `mf-manifest.json` is. */
export interface RemotePointer {
  remotes: Partial<Record<RemoteName, { entry: string; release: string }>>;
}

export type HydrationMode = 'eager' | 'idle' | 'demand';
export type MapProvider = 'none' | 'osm';

/** Configuration the server inlines into the page. */
export interface SiteConfig extends RemotePointer {
  mobileHosts: string[];
  /** How a server-rendered page hydrates (docs/decisions.md "Hydration"). */
  hydration: HydrationMode;
  /** The map shown with the contact details: `none` (a drawn map card) or an embedded provider. */
  map: { provider: MapProvider };
  /** A WeChat official account is configured: pages register sharing (`/api/share` + JS-SDK). */
  wechat: boolean;
  /** The statistics provider's site id, or null. */
  analyticsId: string | null;
  /** The site's public origin (`PUBLIC_URL`, or this request's trusted one): share cards link there. */
  origin: string;
  /**
   * The visitor-experience reporter (docs/behaviour.md#visitor-experience): the share of page views (1–100,
   * `VITALS_SAMPLE_PERCENT`) that load it, and its script; `null` when none do (0 %, a preview, a development build).
   */
  vitals: { percent: number; script: string } | null;
  /**
   * A server-rendered page whose code must start as soon as it opens (its remote's `startsAtLoad`, given what is
   * configured): `always`, or `wechat` (in WeChat's browser only); absent: at the visitor's first reach.
   */
  startAtLoad?: 'always' | 'wechat';
}
