// Runs before the async boundary: it must not import any shared module (React, @site/platform…).
// What the modes mean and why `demand` is the default: docs/decisions.md "First view on phones".
import {
  FIRST_VIEW,
  FIRST_VIEW_BACK,
  FIRST_VIEW_GLOBAL,
  ISLAND,
  type FirstViewHandOver,
  SITE_CONFIG_ID,
  SITE_STATE_ID,
} from '@site/shared-types';

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
  startAtLoad?: 'always' | 'wechat';
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
 * The page's code does work as soon as it opens (the server says so from its remote: `startAtLoad`), here: always,
 * or in WeChat's browser.
 */
function startsAtLoad(config: SiteStartConfig): boolean {
  const at = config.startAtLoad;
  return at === 'always' || (at === 'wechat' && /MicroMessenger/i.test(navigator.userAgent));
}

declare global {
  interface Window {
    [FIRST_VIEW_GLOBAL]?: FirstViewHandOver<Element>;
  }
}

/**
 * A press kept for the application: `replay` gives it to the code once there; `fallback`, when set, is the timer
 * that does what the browser would have done (follow a link, send a form) if the code is not there in time.
 */
interface Kept {
  target: Element;
  replay: () => void;
  fallback?: number;
}

/** Presses on controls that had no code yet, in order, for `replayTaps` once the page has it. */
const pending: Kept[] = [];
/** What the visitor reached for before the application (the latest few). */
const reached: Element[] = [];
const REACHED_KEPT = 8;
/**
 * How long a link or a form of an island whose code is on its way (the press itself called it) waits for it,
 * after which the browser follows the link or sends the form itself.
 */
const HOLD_MS = 1500;

/** An island whose code has not adopted it yet: React drops a click on it (its boundary is not hydrated). */
function waitingIsland(target: Element): boolean {
  const island = target.closest(`[${ISLAND.name}]`);
  return island !== null && !island.hasAttribute(ISLAND.ready);
}

const click = (target: Element) => () =>
  target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, view: window }));

/** Keeps a press that the browser would act on by itself, doing that after `HOLD_MS` if it is still kept. */
function hold(target: Element, replay: () => void, act: () => void): void {
  const kept: Kept = { target, replay };
  kept.fallback = window.setTimeout(() => {
    const at = pending.indexOf(kept);
    if (at < 0) return;
    pending.splice(at, 1);
    act();
  }, HOLD_MS);
  pending.push(kept);
}

function rememberTap(event: MouseEvent): void {
  const target = event.target;
  if (!(target instanceof Element) || !event.isTrusted) return;
  const started = window.__SITE_START__ !== undefined;
  // Once the page is adopted, its code answers a press, unless it is on an island still waiting for its own.
  if (started && !waitingIsland(target)) return;
  const link = target.closest<HTMLAnchorElement>('a[href]');
  if (started && link && event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey) {
    // A link of an island whose code is coming: the application opens it (in the page, not a new document).
    if (link.target && link.target !== '_self') return;
    event.preventDefault();
    hold(link, click(link), () => location.assign(link.href));
    return;
  }
  if (target.closest(NATIVE)) return;
  pending.push({ target, replay: click(target) });
  // The first press: a control marked `data-press="<attribute>"` shows its answer at once by setting that
  // attribute on its `data-press-scope` ancestor (the page's stylesheet draws it); its code owns it once there.
  const press = target.closest<HTMLElement>(`[${FIRST_VIEW.press}]`);
  const name = press?.getAttribute(FIRST_VIEW.press);
  if (press && name?.startsWith('data-')) press.closest(`[${FIRST_VIEW.pressScope}]`)?.setAttribute(name, '');
}

/**
 * A form of an island whose code is coming, sent once the page's code runs: the island's code sends it (its
 * checks, its answer in the page). Before the application, the browser sends it to the server, which answers.
 */
function rememberSubmit(event: SubmitEvent): void {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !event.isTrusted || window.__SITE_START__ === undefined) return;
  if (!waitingIsland(form)) return;
  event.preventDefault();
  const submitter = event.submitter;
  hold(
    form,
    () => form.requestSubmit(submitter?.isConnected && submitter.closest('form') === form ? submitter : null),
    () => HTMLFormElement.prototype.submit.call(form),
  );
}

function rememberReach(event: Event): void {
  if (!(event.target instanceof Element) || !event.isTrusted) return;
  reached.push(event.target);
  if (reached.length > REACHED_KEPT) reached.shift();
}

/**
 * Gives the kept presses to the application, now that its root (or the island around them) exists: React hydrates
 * what a click lands on at once (a discrete event reaching markup not yet adopted) and then handles the click, so
 * a tap made before any script ran still takes effect: later, never not at all.
 */
export function replayTaps(scope?: Element): void {
  const later: Kept[] = [];
  for (const kept of pending.splice(0)) {
    if (!kept.target.isConnected) continue;
    if ((scope && !scope.contains(kept.target)) || waitingIsland(kept.target)) {
      later.push(kept);
      continue;
    }
    clearTimeout(kept.fallback);
    kept.replay();
  }
  pending.push(...later);
}

const REACH = ['pointerdown', 'touchstart', 'focusin'] as const;

/**
 * Keeps taps and reaches from now on (a server-rendered page) and hands them over through the global: before the
 * application, every tap on a control without code of its own; after, the taps on islands still waiting.
 */
function keepTaps(): void {
  if (window[FIRST_VIEW_GLOBAL]) return;
  addEventListener('click', rememberTap, true);
  addEventListener('submit', rememberSubmit, true);
  for (const type of REACH) addEventListener(type, rememberReach, { capture: true, passive: true });
  window[FIRST_VIEW_GLOBAL] = {
    replayTaps,
    reachedFor: (element) => reached.some((target) => target.isConnected && element.contains(target)),
  };
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

/**
 * Calls `go` once the page has loaded and the main thread is idle, at the latest `timeoutMs` after `load`; where
 * the browser cannot tell idle time, `fallbackMs` after `load`.
 */
export function whenIdle(go: () => void, timeoutMs = IDLE_TIMEOUT_MS, fallbackMs = 500): void {
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(go, { timeout: timeoutMs }) : setTimeout(go, fallbackMs);
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

/**
 * When to start the application code. A client-rendered page (or `eager`) starts at once.
 * - `idle`: after `load` when the main thread is idle, or at the first input.
 * - `demand` (the default): when the visitor reaches for the page (pointer, touch, key, wheel, focus, a mouse
 *   moving over it), never by itself (carousels step without it: `stepPlainCarousels`); at idle when
 *   the page's code has work to do as soon as it opens (`startsAtLoad`). Until then the page is its server
 *   markup: links and forms work by themselves, and a tap on anything else is replayed once the application (or
 *   the island it landed on) is there (`replayTaps`).
 */
export function hydrationTrigger(): Promise<void> {
  const serverRendered = document.getElementById(SITE_STATE_ID) !== null;
  const config = siteConfig();
  const mode = config.hydration;
  if (!serverRendered) return Promise.resolve();
  keepTaps();
  if (mode !== 'idle' && mode !== 'demand') return Promise.resolve();
  return new Promise((resolve) => {
    const stops: (() => void)[] = [];
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      stops.forEach((stop) => stop());
      resolve();
    };
    if (mode === 'idle' || startsAtLoad(config)) {
      stops.push(onInput(INPUTS, go));
      whenIdle(go);
      return;
    }
    stops.push(onIntent(go));
  });
}
