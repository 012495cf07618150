import type { KeywordRecord } from './domain/keywords.js';
import type { Envelope } from './envelope.js';
import type { LeadFormState } from './lead.js';
import type { RemoteName } from './site-config.js';
import type { RouteMatch } from './site-routes.js';

/** One API call a server render makes, answered in the server's own process (no HTTP, no JSON in between). */
export interface ApiCallRequest {
  path: string;
  method: 'GET' | 'POST';
  body?: unknown;
}
export type ApiCall = (request: ApiCallRequest) => Promise<Envelope<unknown>>;

/**
 * The contract between the API server and the shell's server build (`shell/dist/server/main.cjs`), which the
 * server loads at run time: one call renders one public page.
 */
export interface SsrRequest {
  /** Path and query of the address. */
  url: string;
  /** `mf_desktop` or `mf_mobile`: the remote whose routes the page belongs to. */
  remote: RemoteName;
  /** That remote's release, as named in the page's pointer (markup and browser code of the same release). */
  release: string;
  /** `file:` URL of the release's server `remoteEntry.js`. */
  serverEntry: string;
  /** Where the page's data is fetched from (this server, over loopback) when `call` does not answer it. */
  apiBase: string;
  /** Answers the render's API calls in-process (the public reads); the same envelopes the browser gets. */
  call?: ApiCall;
  keywords: KeywordRecord[];
  mobileHosts: string[];
  /** The route the server matched for the page (its page request), so the render does not match it again. */
  match?: RouteMatch | null;
  /** A contact form sent without the application and not taken: the page shows it so (what was typed, why). */
  lead?: LeadFormState;
}

export interface SsrHead {
  /** The page's status: 404 when the address names nothing. */
  status: 200 | 404;
  /** The complete `<title>` text. */
  title: string;
  /** The page's own name, without the site's (a breadcrumb's last entry); `null` for a page without one. */
  name: string | null;
  description: string;
  keywords: string;
  image: string | null;
}

/**
 * Work a remote's pages do as soon as they open, which needs their code at once rather than at the visitor's
 * first reach: registering WeChat sharing (`wechat`, in WeChat's browser when an official account is
 * configured) and counting statistics (`analytics`, when a site id is configured).
 */
export interface StartsAtLoad {
  wechat?: boolean;
  analytics?: boolean;
}

export interface SsrResult {
  head: SsrHead;
  /** `<script type="application/json">`-safe JSON of the state the browser hydrates with. */
  stateJson: string;
  /** What the page's code does as soon as the page opens (the remote module's `startsAtLoad`). */
  startsAtLoad: StartsAtLoad;
  /** Streams the rendered markup (React's stream) chunk by chunk, then calls `done` (or `done(error)`). */
  stream(write: (chunk: Uint8Array | string) => void, done: (error?: unknown) => void): void;
}

export interface SsrRenderer {
  render(request: SsrRequest): Promise<SsrResult>;
  /**
   * The head and status alone, from the page's route module (its reads and its `head`), without rendering: for a
   * page the browser renders. The route module is the one place that says what a page reads and how it is named.
   */
  head(request: SsrRequest): Promise<SsrHead>;
}
