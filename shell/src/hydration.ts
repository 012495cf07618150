// Runs before the async boundary: it must not import any shared module (React, @site/platform…).
// What the modes mean and why `demand` is the default: docs/decisions.md "First view on phones".
import { FIRST_VIEW, FIRST_VIEW_BACK, type FIRST_VIEW_GLOBAL, SITE_CONFIG_ID, SITE_STATE_ID } from '@site/shared-types';

/** What starts the application in `idle` mode as soon as it happens. */
const INPUTS = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;
/**
 * What starts it in `demand` mode: a visitor reaching for the page. Not `scroll`, which the page also does by
 * itself (the contact page's first view): a visitor scrolls with a touch, the wheel, a key or the scroll bar (a
 * pointer press).
 */
const INTENT = ['pointerdown', 'touchstart', 'keydown', 'wheel'] as const;
/**
 * Signs that a press may follow (a mouse moving over the page, the focus entering it): they start the application
 * a little later, so that a click right behind them is handled first, at once (`rememberTap`, `data-press`),
 * rather than after the evaluation of the application's scripts.
 */
const HINTS = ['pointermove', 'focusin'] as const;
const HINT_DELAY_MS = 200;
/**
 * How long reaching for a link waits before it starts the application: a tap on a link navigates before that
 * (the next page has the code it needs), and starting meanwhile would only slow the navigation down.
 */
const LINK_GRACE_MS = 400;
/** The latest an idle page waits after `load` (a busy main thread never reports idle). */
const IDLE_TIMEOUT_MS = 2000;
/**
 * Elements that act by themselves before any script runs: a tap on them is left to the browser (a link
 * navigates, a form submits, a field takes the focus) and never replayed.
 */
const NATIVE =
  'a[href],input,select,textarea,label,summary,[contenteditable],button[type="submit"],form button:not([type]),' +
  `[${FIRST_VIEW_BACK}]`;

/** What the first view reads of the page configuration (the part of `SiteConfig` it needs). */
export interface SiteStartConfig {
  hydration?: string;
  wechat?: boolean;
  analyticsId?: string | null;
  vitals?: { percent: number; script: string } | null;
}

export function siteConfig(): SiteStartConfig {
  try {
    return JSON.parse(document.getElementById(SITE_CONFIG_ID)?.textContent ?? '') as SiteStartConfig;
  } catch {
    return {};
  }
}

/**
 * The mobile site registers WeChat sharing (in WeChat's browser, when an official account is configured) and
 * counts statistics (when a site id is configured) as soon as a page is open, which its application does.
 */
function registersAtLoad(config: SiteStartConfig): boolean {
  if (!location.pathname.startsWith('/move/')) return false;
  return !!config.analyticsId || (!!config.wechat && /MicroMessenger/i.test(navigator.userAgent));
}

/** What the first-view script hands to the application it started. */
export interface FirstViewHandOver {
  replayTaps: () => void;
}

declare global {
  interface Window {
    [FIRST_VIEW_GLOBAL]?: FirstViewHandOver;
  }
}

/** Taps (clicks) on controls that had no code yet, in order, for `replayTaps` once the page has it. */
const pendingTaps: Element[] = [];
let capturing = false;

function rememberTap(event: MouseEvent): void {
  const target = event.target;
  if (!(target instanceof Element) || !event.isTrusted || target.closest(NATIVE)) return;
  pendingTaps.push(target);
  // The first press: a control marked `data-press="<attribute>"` shows its answer at once by setting that
  // attribute on its `data-press-scope` ancestor (the page's stylesheet draws it); its code owns it once there.
  const press = target.closest<HTMLElement>(`[${FIRST_VIEW.press}]`);
  const name = press?.getAttribute(FIRST_VIEW.press);
  if (press && name?.startsWith('data-')) press.closest(`[${FIRST_VIEW.pressScope}]`)?.setAttribute(name, '');
}

/**
 * Gives the taps that arrived before the application to it, now that its root exists: React hydrates what a
 * click lands on at once (a discrete event reaching markup not yet adopted) and then handles the click, so a
 * tap made before any script ran still takes effect: later, never not at all.
 */
export function replayTaps(): void {
  if (!capturing) return;
  capturing = false;
  removeEventListener('click', rememberTap, true);
  for (const target of pendingTaps.splice(0)) {
    if (target.isConnected) {
      target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, view: window }));
    }
  }
}

function onInput(types: readonly string[], go: () => void): () => void {
  for (const type of types) addEventListener(type, go, { capture: true, passive: true, once: true });
  return () => {
    for (const type of types) removeEventListener(type, go, true);
  };
}

/** `demand` mode's inputs: at once, or later when they only hint at a press or reach for a link. */
function onIntent(go: () => void): () => void {
  let pending: number | undefined;
  const later = (ms: number) => {
    pending ??= window.setTimeout(go, ms);
  };
  const listener = (event: Event) => {
    const onLink = event.target instanceof Element && event.target.closest('a[href]') !== null;
    if (onLink) later(LINK_GRACE_MS);
    else if ((HINTS as readonly string[]).includes(event.type)) later(HINT_DELAY_MS);
    else go();
  };
  const types = [...INTENT, ...HINTS];
  for (const type of types) addEventListener(type, listener, { capture: true, passive: true });
  return () => {
    clearTimeout(pending);
    for (const type of types) removeEventListener(type, listener, true);
  };
}

function whenIdle(go: () => void): void {
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(go, { timeout: IDLE_TIMEOUT_MS }) : setTimeout(go, 500);
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

/**
 * When to start the application code. A client-rendered page (or `eager`) starts at once.
 * - `idle`: after `load` when the main thread is idle, or at the first input.
 * - `demand` (the default): when the visitor reaches for the page (pointer, touch, key, wheel, focus, a mouse
 *   moving over it), never by itself (carousels step without it: `stepPlainCarousels`); at idle when
 *   the page registers WeChat sharing or counts statistics, which happen at load. Until then the page is its
 *   server markup: links and forms work by themselves, and a tap on anything else is replayed once the
 *   application is there (`replayTaps`).
 */
export function hydrationTrigger(): Promise<void> {
  const serverRendered = document.getElementById(SITE_STATE_ID) !== null;
  const config = siteConfig();
  const mode = config.hydration;
  if (!serverRendered || (mode !== 'idle' && mode !== 'demand')) return Promise.resolve();
  return new Promise((resolve) => {
    const stops: (() => void)[] = [];
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      stops.forEach((stop) => stop());
      resolve();
    };
    if (mode === 'idle' || registersAtLoad(config)) {
      stops.push(onInput(INPUTS, go));
      whenIdle(go);
      return;
    }
    capturing = true;
    addEventListener('click', rememberTap, true);
    stops.push(onIntent(go));
  });
}
