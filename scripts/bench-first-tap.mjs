// `npm run bench -- first-tap`: how the first tap on a control is answered, on a phone's CPU and network. Figures, not
// pass/fail. Conditions: the CPU 4× slower (CDP `Emulation.setCPUThrottlingRate`) and a phone network (60 ms round
// trip, 10 Mbit/s both ways: `Network.emulateNetworkConditions`). The desktop pages (/, /about.html, /items/3.html, an
// article) are opened at 1366 px and clicked with the mouse; the phone pages (/move/index.html, /move/case.html,
// /move/us.html) at 390 px with a phone's user agent, mobile emulation and touch, and tapped on the touchscreen.
//
// 1. Each page is opened once at full speed to list its controls that are not links or text fields: buttons,
//    `[role=button|tab|switch|checkbox|radio|menuitem]`, `summary`, `[data-press]`, checkbox and radio labels and
//    inputs, carousel bullets and arrows, anything else drawn with a pointer cursor; visible, enabled, and each with
//    a selector that is unique in the page. The list is taken on the server's markup and again after scrolling
//    down (which starts the page's code), for the controls that appear only then (back to top, side tabs). Left
//    out: disabled controls, a carousel's bullet of the slide already shown, honeypot fields off the screen. At most
//    `BENCH_FIRST_TAP_CONTROLS` (8) controls per page, at most two of one kind (two bullets of a carousel, its last
//    ones, which autoplay does not reach in the few seconds watched; two side tabs), named controls before bullets:
//    this keeps a run at about 10 minutes on two cores. A bullet inactive in the server's markup may be the active
//    one once swiper has replaced it: tapping it then rightly changes nothing.
// 2. Every tap is made in a fresh browser context, so with an empty HTTP cache: a first visit, the honest worst case
//    (a returning visitor's cache cannot be kept across contexts, and one context would carry the previous tap's
//    state). The tap lands 0.8 s and 3.1 s after the page's `load` event (each its own visit). A control below the
//    fold, or one shown only once the page is scrolled, is first scrolled to with the wheel at `load`, as a visitor
//    must (that reaches for the page, so its code starts then): the `scrolled` column says so. A control that is
//    not shown at the tap's time is tapped as soon as it is (`tapped at` is the real time after `load`).
// 3. Per tap: the longest Event Timing entry of the interaction (`event` entries from 16 ms with an interaction id,
//    and `first-input`: what INP is made of; any other event only when there is none) that began within 2 s of the
//    press, with its input delay (the main thread busy when the press came); and the
//    visible answer, the first frame after the press in which the page changed in response: a DOM change within the
//    control's part of the page (its closest section, header, nav, form, `data-press-scope`…, or what it
//    `aria-controls`), a scroll of the window or a scroller, the focus moving elsewhere, or another document
//    committing or the address changing. What the page does by itself is not an answer: each page, tap time and
//    scroll position also has a control visit in which a neutral spot (plain text) is tapped instead, and a change
//    seen there (the page's code starting, a carousel's autoplay) no more than 300 ms later after the press is left
//    out. Pictures' attributes never count. Capped at 3 s: `none` beyond.
// 4. `BENCH_FIRST_TAP_RUNS` (1) runs: with several, each figure is the median of the runs (a tap with no answer
//    counts as slower than any answer). Then a summary beside the targets: the longest event of every tap ≤ 200 ms
//    and ≤ 100 ms at the 75th percentile (INP's "good" is 200 ms), the visible answer ≤ 300 ms at the 75th percentile.
// `BENCH_FIRST_TAP_PAGES=/,/move/us.html` measures only those pages.
// Lighthouse for the same pages is the `lighthouse` part: `npm run bench -- first-tap lighthouse` prints both.
// listControls, instrument and findPoint run in the page (Playwright serialises them): the browser's globals.
/* global window, document, location, CSS, Element, MutationObserver, addEventListener, getComputedStyle,
   requestAnimationFrame, innerWidth, innerHeight, scrollY */
import { chromium } from 'playwright-core';

const CPU_SLOWDOWN = 4;
const NETWORK = { offline: false, latency: 60, downloadThroughput: 1_250_000, uploadThroughput: 1_250_000 };
const TAP_TIMES_MS = [800, 3100];
/** How long after the press an answer is waited for. */
const ANSWER_CAP_MS = 3000;
/** Event Timing entries that began this long after the press at most are the tap's. */
const EVENT_WINDOW_MS = 2000;
/**
 * A change the neutral visit saw is the page's own doing when it saw it at most this much later after the press
 * (the same change earlier than that is the tap's answer: a carousel's bullet before its autoplay gets there).
 */
const IGNORE_SLACK_MS = 300;
/** How far a control needing it is scrolled to: this many pixels below the top of the viewport. */
const SCROLL_MARGIN = 200;
/** Scroll positions are steps of this many pixels, so that controls near each other share their neutral visit. */
const SCROLL_STEP = 300;
const scrollFor = (top) => Math.floor(Math.max(0, top - SCROLL_MARGIN) / SCROLL_STEP) * SCROLL_STEP;
/** How far down the page is scrolled to find the controls shown only once it is scrolled. */
const PROBE_SCROLL = 1200;
const TARGETS = { eventMax: 200, eventP75: 100, answerP75: 300 };

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1366, height: 900 } };

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The 75th percentile (nearest rank). */
function p75(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.75) - 1)];
}

/**
 * Lists the page's controls, in the page (no import: it is serialised into the page). Returns each control's
 * unique selector, a label, its kind, its region's selector and where it is in the document.
 */
function listControls() {
  const CONTROLS = [
    'button',
    'input[type=submit]',
    'input[type=button]',
    'input[type=reset]',
    'input[type=image]',
    'input[type=checkbox]',
    'input[type=radio]',
    '[role=button]',
    '[role=tab]',
    '[role=switch]',
    '[role=checkbox]',
    '[role=radio]',
    '[role=menuitem]',
    'summary',
    '[data-press]',
    'label:has(input[type=checkbox], input[type=radio])',
    '.swiper-pagination-bullet',
    '.swiper-button-next',
    '.swiper-button-prev',
    '[onclick]',
    '[tabindex="0"]',
  ].join(',');
  const REGION = '[data-press-scope],[data-testid],section,header,nav,form,aside,details,footer,[role=tablist],main';
  const css = (value) => CSS.escape(value);
  const unique = (selector) => {
    try {
      return document.querySelectorAll(selector).length === 1;
    } catch {
      return false;
    }
  };
  /** A selector found only once: the element's own test id or label, else a path from an ancestor that has one. */
  const selectorOf = (element) => {
    const own = (node) => {
      if (node.id) return `#${css(node.id)}`;
      const tag = node.tagName.toLowerCase();
      if (node.dataset.testid) return `${tag}[data-testid="${node.dataset.testid}"]`;
      const label = node.getAttribute('aria-label');
      if (label) return `${tag}[aria-label="${label.replaceAll('"', '\\"')}"]`;
      return null;
    };
    const mine = own(element);
    if (mine && unique(mine)) return mine;
    let path = '';
    for (let node = element; node && node !== document.documentElement; node = node.parentElement) {
      const anchor = node === element ? null : own(node);
      if (anchor && unique(`${anchor}${path}`)) return `${anchor}${path}`;
      const index = [...node.parentElement.children].indexOf(node) + 1;
      path = ` > ${node.tagName.toLowerCase()}:nth-child(${index})${path}`;
    }
    return `html${path}`;
  };
  const kindOf = (element) => {
    if (element.matches('.swiper-pagination-bullet'))
      return `bullet of ${selectorOf(element.closest('.swiper-pagination').parentElement)}`;
    // A control with its own name is a kind of its own; unnamed ones are counted together by where they are.
    if (element.dataset.testid || element.getAttribute('aria-label')) return selectorOf(element);
    const parent = element.parentElement?.closest('[data-testid],nav,[role=tablist],ul,ol');
    return `${element.tagName.toLowerCase()}${element.getAttribute('role') ? `[role=${element.getAttribute('role')}]` : ''} in ${parent ? selectorOf(parent) : 'body'}`;
  };
  const shown = (element) => {
    const box = element.getBoundingClientRect();
    return (
      box.width > 0 &&
      box.height > 0 &&
      box.right > 0 &&
      box.left < innerWidth &&
      element.checkVisibility({ visibilityProperty: true, opacityProperty: true })
    );
  };
  const candidates = new Set(document.querySelectorAll(CONTROLS));
  for (const element of document.body.querySelectorAll('*')) {
    if (getComputedStyle(element).cursor === 'pointer') candidates.add(element);
  }
  const found = [];
  for (const element of candidates) {
    if (element.closest('a[href]') || element.closest('[contenteditable]')) continue;
    if (
      element.matches('input:not([type=submit],[type=button],[type=reset],[type=image],[type=checkbox],[type=radio])')
    )
      continue;
    if (element.matches('textarea,select,option,label:not(:has(input[type=checkbox], input[type=radio]))')) continue;
    if (element.matches(':disabled,[aria-disabled=true]')) continue;
    if (element.matches('.swiper-pagination-bullet-active')) continue;
    if (!shown(element)) continue;
    // A pointer cursor inherited from a control around it: that control is the one.
    if ([...candidates].some((other) => other !== element && other.contains(element) && shown(other))) continue;
    const box = element.getBoundingClientRect();
    const fixed = (() => {
      for (let node = element; node; node = node.parentElement)
        if (['fixed', 'sticky'].includes(getComputedStyle(node).position)) return true;
      return false;
    })();
    const region = element.parentElement?.closest(REGION);
    const controls = element.getAttribute('aria-controls');
    found.push({
      selector: selectorOf(element),
      label: (
        element.getAttribute('aria-label') ||
        element.textContent.trim() ||
        element.getAttribute('title') ||
        element.className.toString().split(' ')[0] ||
        element.tagName
      ).slice(0, 24),
      kind: kindOf(element),
      regions: [
        region ? selectorOf(region) : 'body',
        ...(controls ? [`#${css(controls)}`] : []),
        ...(element.closest('[data-press-scope]') ? [selectorOf(element.closest('[data-press-scope]'))] : []),
      ],
      top: fixed ? null : Math.round(box.top + scrollY),
      bottom: fixed ? null : Math.round(box.bottom + scrollY),
    });
  }
  return found;
}

/**
 * What each document of a measured visit notes, from its start (an init script): Event Timing entries, the first
 * trusted press, and after it every DOM change (with the frame that showed it), scroll and focus move. Kept in
 * session storage when the document goes, so a press that loaded another document is still known there.
 */
function instrument({ regions, ignored, control, IGNORE_SLACK_MS }) {
  const state = { events: [], press: null, answer: null, seen: [], started: performance.timeOrigin };
  window.__firstTap = state;
  /** Signature → ms after the press the neutral visit saw it: the page does that by itself by then. */
  const ignoredSignatures = new Map(ignored);
  const previous = sessionStorage.getItem('__firstTap');
  if (previous) {
    // Another document after the press: the answer is when it began to arrive.
    const before = JSON.parse(previous);
    if (before.press && !before.answer) {
      const [entry] = performance.getEntriesByType('navigation');
      before.answer = {
        at: performance.timeOrigin + (entry?.responseStart ?? 0),
        by: `navigated to ${location.pathname}`,
      };
    }
    state.earlier = before;
  }
  const describe = (node) => {
    if (!(node instanceof Element)) return node ? node.nodeName : '';
    const parts = [];
    for (let at = node; at && at !== document.documentElement && parts.length < 4; at = at.parentElement) {
      const id = at.dataset?.testid ? `[data-testid=${at.dataset.testid}]` : '';
      const cls = typeof at.className === 'string' ? at.className.split(' ')[0] : '';
      parts.unshift(`${at.tagName.toLowerCase()}${id}${cls ? `.${cls.replace(/_[A-Za-z0-9-]{6}$/, '')}` : ''}`);
      if (id) break;
    }
    return parts.join('>');
  };
  const inRegion = (node) => {
    const element = node instanceof Element ? node : node?.parentElement;
    if (!element) return false;
    return regions.some((selector) => {
      try {
        return [...document.querySelectorAll(selector)].some((region) => region.contains(element));
      } catch {
        return false;
      }
    });
  };
  const pressEpoch = () => state.started + state.press;
  const seen = new Set();
  const answer = (by, signature) => {
    if (state.press === null || state.answer) return;
    const sincePress = performance.now() - state.press;
    if (!seen.has(signature) && seen.size < 5000) {
      seen.add(signature);
      state.seen.push([signature, Math.round(sincePress)]);
    }
    // A neutral visit only notes what changes.
    if (!control || ignoredSignatures.get(signature) <= sincePress + IGNORE_SLACK_MS) return;
    state.answer = { pending: true, by };
    requestAnimationFrame(() => {
      state.answer = { at: performance.timeOrigin + performance.now(), by };
    });
  };
  const observe = (type, options) => {
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          state.events.push({
            name: entry.name,
            first: entry.entryType === 'first-input',
            start: entry.startTime,
            duration: entry.duration,
            delay: entry.processingStart - entry.startTime,
            interaction: entry.interactionId ?? 0,
            target: describe(entry.target),
          });
        }
      }).observe({ type, buffered: true, ...options });
    } catch {
      // An old browser: no entries of that type.
    }
  };
  observe('event', { durationThreshold: 16 });
  observe('first-input');
  addEventListener(
    'pointerdown',
    (event) => {
      if (event.isTrusted && state.press === null) state.press = event.timeStamp;
    },
    { capture: true, passive: true },
  );
  const MEDIA = new Set(['IMG', 'SOURCE', 'PICTURE', 'VIDEO']);
  new MutationObserver((records) => {
    if (state.press === null || state.answer) return;
    for (const record of records) {
      if (record.type === 'attributes' && MEDIA.has(record.target.nodeName)) continue;
      const value = record.type === 'attributes' ? record.target.getAttribute(record.attributeName) : '';
      const nodes = [...record.addedNodes, ...record.removedNodes].map((node) => node.nodeName).join(',');
      const signature = `${record.type} ${describe(record.target)} ${record.attributeName ?? nodes} ${value ?? '∅'}`;
      if (!inRegion(record.target)) continue;
      answer(
        `${record.type === 'attributes' ? `[${record.attributeName}]` : record.type} on ${describe(record.target)}`,
        signature,
      );
      if (state.answer) return;
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const scrolled = new Map();
  addEventListener(
    'scroll',
    (event) => {
      const scroller = event.target === document ? document.scrollingElement : event.target;
      if (!(scroller instanceof Element)) return;
      const last = scrolled.get(scroller) ?? { top: scroller.scrollTop, left: scroller.scrollLeft };
      const direction =
        scroller.scrollTop < last.top
          ? 'up'
          : scroller.scrollTop > last.top
            ? 'down'
            : scroller.scrollLeft < last.left
              ? 'left'
              : 'right';
      scrolled.set(scroller, { top: scroller.scrollTop, left: scroller.scrollLeft });
      answer(
        `scroll ${direction} of ${scroller === document.scrollingElement ? 'the page' : describe(scroller)}`,
        `scroll ${describe(scroller)} ${direction}`,
      );
    },
    { capture: true, passive: true },
  );
  addEventListener(
    'focusin',
    (event) => {
      if (!control || !(event.target instanceof Element)) return;
      const pressed = document.querySelector(control);
      if (pressed && (pressed.contains(event.target) || event.target.contains(pressed))) return;
      answer(`focus to ${describe(event.target)}`, `focus ${describe(event.target)}`);
    },
    { capture: true },
  );
  addEventListener('load', () =>
    setTimeout(() => {
      state.loadEnd = performance.timeOrigin + performance.getEntriesByType('navigation')[0].loadEventStart;
    }),
  );
  addEventListener('pagehide', () => {
    if (state.press !== null)
      sessionStorage.setItem(
        '__firstTap',
        JSON.stringify({ ...state, press: pressEpoch(), answer: state.answer?.at ? state.answer : null }),
      );
  });
  state.pressEpoch = pressEpoch;
}

/** A fresh context at the page's form, throttled, with the page noting what happens (see `instrument`). */
async function openVisit(browser, chromiumSettings, form, setup) {
  const context = await browser.newContext(
    form === 'phone' ? { ...PHONE, userAgent: chromiumSettings.mobileUserAgent } : DESKTOP,
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await page.addInitScript(instrument, setup);
  return { context, page };
}

/** Reads what the visit noted: from the document tapped, or from the one it led to (then the tap's is `earlier`). */
async function readNotes(page) {
  const notes = await page
    .evaluate(() => {
      const state = window.__firstTap;
      if (!state) return null;
      if (state.press === null && state.earlier) return { ...state.earlier, navigated: true };
      return { ...state, press: state.press === null ? null : state.started + state.press, pressEpoch: undefined };
    })
    .catch(() => null);
  return notes;
}

/**
 * One visit: open the page, scroll at `load` if the control needs it, press at `atMs` after `load` (a control, or a
 * neutral spot when `control` is null), then watch until the answer has shown (and events have had time to be
 * reported) or the cap.
 */
async function visit(browser, chromiumSettings, { base, route, form, control, scrollTo, atMs, ignored }) {
  const regions = control?.regions ?? ['body'];
  const { context, page } = await openVisit(browser, chromiumSettings, form, {
    regions,
    ignored,
    control: control?.selector ?? null,
    IGNORE_SLACK_MS,
  });
  try {
    await page.goto(base + route, { waitUntil: 'load', timeout: 60_000 });
    // A press that leaves the page for one not noting anything (going back to the tab's blank page): seen from here.
    // The same address again is the router restating it (history.replaceState on hydration), not an answer.
    let left = null;
    const address = page.url();
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && frame.url() !== address)
        left ??= { at: Date.now(), by: `navigated to ${frame.url()}` };
    });
    const loaded = Date.now();
    if (scrollTo) {
      await page.mouse.move(form === 'phone' ? 195 : 683, 450);
      await page.mouse.wheel(0, scrollTo);
    }
    // Where to press is found a little before the time, so that asking the page does not delay the press.
    await pause(loaded + atMs - 250 - Date.now());
    const deadline = loaded + atMs + 4000;
    let point = null;
    while (!point && Date.now() < deadline) {
      point = await page.evaluate(findPoint, control?.selector ?? null).catch(() => null);
      if (!point) await pause(100);
    }
    if (!point) return { shown: false };
    await pause(loaded + atMs - Date.now());
    if (form === 'phone') await page.touchscreen.tap(point.x, point.y);
    else await page.mouse.click(point.x, point.y);
    const pressedAt = Date.now();
    let notes = null;
    for (;;) {
      await pause(200);
      const read = await readNotes(page);
      if (read?.press) notes = read;
      const now = Date.now();
      if (now - pressedAt >= ANSWER_CAP_MS + 300) break;
      const answeredAt = notes?.answer?.at ?? left?.at;
      if (control && answeredAt && now - pressedAt > 1200 && now - answeredAt > 500) break;
    }
    if (notes?.press && !notes.answer?.at && left && left.at > notes.press) notes.answer = left;
    return { shown: true, notes: notes ?? {} };
  } finally {
    await context.close();
  }
}

/** The middle of the control when it is shown in the viewport, or of a neutral spot (plain text) when null. */
function findPoint(selector) {
  const inView = (box) => box.width > 0 && box.height > 0 && box.top >= 0 && box.bottom <= innerHeight && box.left >= 0;
  if (selector) {
    const element = document.querySelector(selector);
    if (!element || !element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return null;
    const box = element.getBoundingClientRect();
    if (!inView(box)) return null;
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(element.contains(hit) || hit.contains(element))) return null;
    return { x, y };
  }
  const INTERACTIVE =
    'a,button,input,select,textarea,label,summary,[role],[data-press],[tabindex],.swiper,[class*=swiper]';
  for (let y = 120; y < innerHeight - 80; y += 40) {
    for (let x = 40; x < innerWidth - 40; x += 40) {
      const hit = document.elementFromPoint(x, y);
      if (!hit || hit.closest(INTERACTIVE) || getComputedStyle(hit).cursor === 'pointer') continue;
      if (!['P', 'H1', 'H2', 'H3', 'SPAN', 'DIV', 'LI'].includes(hit.nodeName) || !hit.textContent.trim()) continue;
      return { x, y };
    }
  }
  return null;
}

/** The figures of one tap from what its visit noted. */
function figures(result) {
  if (!result.shown) return { shown: false };
  const { notes } = result;
  const loadEnd = notes.loadEnd;
  if (!notes.press) return { shown: true, pressed: false };
  const pressStart = notes.press - notes.started;
  const events = (notes.events ?? []).filter(
    (entry) => entry.start >= pressStart - 20 && entry.start <= pressStart + EVENT_WINDOW_MS,
  );
  // The entries INP is made of (an interaction's, and the first input); any other event only when there is none.
  const interaction = events.filter((entry) => entry.interaction > 0 || entry.name === 'first-input' || entry.first);
  const longestOf = (list) => list.reduce((a, b) => (b.duration > (a?.duration ?? -1) ? b : a), null);
  const longest = longestOf(interaction) ?? longestOf(events);
  const answerMs = notes.answer?.at ? Math.round(notes.answer.at - notes.press) : null;
  return {
    shown: true,
    pressed: true,
    tappedAt: loadEnd ? Math.round(notes.press - loadEnd) : null,
    eventMs: longest ? Math.round(longest.duration) : 0,
    eventName: longest ? `${longest.name}${longest.target ? ` on ${longest.target}` : ''}` : '',
    delayMs: longest ? Math.round(longest.delay) : 0,
    answerMs: answerMs !== null && answerMs <= ANSWER_CAP_MS ? answerMs : null,
    answeredBy: answerMs !== null && answerMs <= ANSWER_CAP_MS ? notes.answer.by : '',
    seen: notes.seen ?? [],
  };
}

/** The controls of a page, found at full speed on its server markup and then after scrolling down. */
async function controlsOf(browser, chromiumSettings, base, route, form) {
  const limit = Number(process.env.BENCH_FIRST_TAP_CONTROLS ?? 8);
  const context = await browser.newContext(
    form === 'phone' ? { ...PHONE, userAgent: chromiumSettings.mobileUserAgent } : DESKTOP,
  );
  const page = await context.newPage();
  try {
    await page.goto(base + route, { waitUntil: 'load' });
    const first = await page.evaluate(listControls);
    await page.mouse.move(form === 'phone' ? 195 : 683, 450);
    await page.mouse.wheel(0, PROBE_SCROLL);
    await pause(2500);
    const scrolled = await page.evaluate(() => scrollY);
    const later = (await page.evaluate(listControls)).filter(
      (control) => !first.some((known) => known.selector === control.selector),
    );
    const viewport = (form === 'phone' ? PHONE : DESKTOP).viewport.height;
    const all = [
      ...first.map((control) => ({
        ...control,
        scrollTo: control.bottom !== null && control.bottom > viewport ? scrollFor(control.top) : 0,
      })),
      ...later.map((control) => ({
        ...control,
        scrollTo: control.top === null ? scrolled : scrollFor(control.top),
      })),
    ];
    // A carousel's last bullets first: its autoplay, stepping forwards, would reach the first ones by itself.
    const ordered = [
      ...all.filter((control) => !control.kind.startsWith('bullet')),
      ...all.filter((control) => control.kind.startsWith('bullet')).reverse(),
    ];
    const perKind = new Map();
    const chosen = [];
    for (const control of ordered) {
      const count = perKind.get(control.kind) ?? 0;
      if (count >= 2 || chosen.length >= limit) continue;
      perKind.set(control.kind, count + 1);
      chosen.push(control);
    }
    chosen.sort((a, b) => all.indexOf(a) - all.indexOf(b));
    return { chosen, found: all.length };
  } finally {
    await context.close();
  }
}

const show = (ms) => (ms === null ? 'none' : ms === undefined ? '' : ms);
const showEvent = (ms) => (ms < 16 ? '<16' : ms);

/**
 * Runs the first-tap part: `startServer` and `publicPages` are bench.mjs's, `chromiumSettings` e2e/chromium.json.
 */
export async function firstTapBench({ startServer, publicPages, chromiumSettings }) {
  const runs = Math.max(1, Number(process.env.BENCH_FIRST_TAP_RUNS ?? 1));
  const started = Date.now();
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? chromiumSettings.path,
    args: chromiumSettings.args,
  });
  const rows = [];
  const controlsFound = [];
  try {
    const only = process.env.BENCH_FIRST_TAP_PAGES?.split(',');
    const routes = (await publicPages(server.base)).filter((route) => !only || only.includes(route));
    const pages = routes.map((route) => ({
      route,
      form: route.startsWith('/move/') ? 'phone' : 'desktop',
    }));
    for (const { route, form } of pages) {
      const { chosen, found } = await controlsOf(browser, chromiumSettings, server.base, route, form);
      controlsFound.push({ page: route, form, 'controls found': found, measured: chosen.length });
      for (const atMs of TAP_TIMES_MS) {
        const results = new Map(chosen.map((control) => [control.selector, []]));
        for (let run = 0; run < runs; run += 1) {
          // The neutral visits: what the page changes by itself, per scroll position used.
          const ignoredBy = new Map();
          for (const scrollTo of new Set(chosen.map((control) => control.scrollTo))) {
            const neutral = await visit(browser, chromiumSettings, {
              base: server.base,
              route,
              form,
              control: null,
              scrollTo,
              atMs,
              ignored: [],
            });
            ignoredBy.set(scrollTo, neutral.shown ? (figures(neutral).seen ?? []) : []);
          }
          for (const control of chosen) {
            const result = await visit(browser, chromiumSettings, {
              base: server.base,
              route,
              form,
              control,
              scrollTo: control.scrollTo,
              atMs,
              ignored: ignoredBy.get(control.scrollTo),
            });
            results.get(control.selector).push(figures(result));
          }
        }
        for (const control of chosen) {
          const taps = results.get(control.selector).filter((tap) => tap.pressed);
          const middle = (values) => {
            const sorted = [...values].sort((a, b) => (a ?? Infinity) - (b ?? Infinity));
            return sorted[Math.floor((sorted.length - 1) / 2)];
          };
          const row = {
            page: route,
            control: control.label,
            selector: control.selector,
            at: `${atMs / 1000} s`,
            scrolled: control.scrollTo > 0 ? 'yes' : '',
          };
          if (taps.length === 0) {
            rows.push({ ...row, runs: 0, note: 'not shown or not pressed' });
            continue;
          }
          const longest = taps.reduce((a, b) => (b.eventMs > a.eventMs ? b : a));
          const answered = taps.filter((tap) => tap.answerMs !== null);
          rows.push({
            ...row,
            runs: taps.length,
            tappedAt: middle(taps.map((tap) => tap.tappedAt)),
            eventMs: middle(taps.map((tap) => tap.eventMs)),
            delayMs: middle(taps.map((tap) => tap.delayMs)),
            event: longest.eventName,
            answerMs: middle(taps.map((tap) => tap.answerMs)),
            noAnswer: taps.length - answered.length,
            answeredBy: (answered[0] ?? taps[0]).answeredBy,
          });
        }
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }

  console.log(
    `\nFirst tap on every control that is not a link or a field: CPU ${CPU_SLOWDOWN}× slower, ` +
      `${NETWORK.latency} ms round trip, ${(NETWORK.downloadThroughput * 8) / 1e6} Mbit/s; a fresh context per tap ` +
      `(first visit); ${runs} run(s)${runs > 1 ? ', medians' : ''}`,
  );
  console.table(controlsFound);
  console.table(
    rows.map((row) => ({
      page: row.page,
      control: row.control,
      at: row.at,
      scrolled: row.scrolled,
      'tapped at ms': row.tappedAt ?? '',
      'longest event ms': row.runs ? showEvent(row.eventMs) : '',
      'input delay ms': row.runs ? row.delayMs : '',
      'answer ms': row.runs ? show(row.answerMs) : row.note,
      ...(runs > 1 ? { 'no answer': row.noAnswer ?? '' } : {}),
    })),
  );
  console.log('\nWhat each tap measured: the selector pressed, the longest event and the answer seen first');
  console.table(
    rows.map((row) => ({
      page: row.page,
      at: row.at,
      selector: row.selector,
      'longest event': row.event ?? '',
      'answered by': row.answeredBy ?? '',
    })),
  );

  const measured = rows.filter((row) => row.runs > 0);
  const summary = [];
  for (const at of [...TAP_TIMES_MS.map((ms) => `${ms / 1000} s`), 'all']) {
    const taps = measured.filter((row) => at === 'all' || row.at === at);
    if (taps.length === 0) continue;
    const events = taps.map((row) => row.eventMs);
    const answers = taps.map((row) => row.answerMs ?? Infinity);
    const answeredP75 = p75(answers);
    summary.push({
      'tap at': at,
      taps: taps.length,
      'longest event max ms': showEvent(Math.max(...events)),
      'target max': `≤ ${TARGETS.eventMax}`,
      'longest event p75 ms': showEvent(p75(events)),
      'target p75': `≤ ${TARGETS.eventP75}`,
      'answer p75 ms': Number.isFinite(answeredP75) ? answeredP75 : 'none',
      'answer target p75': `≤ ${TARGETS.answerP75}`,
      'taps with no answer': answers.filter((ms) => !Number.isFinite(ms)).length,
      'events over 200 ms': events.filter((ms) => ms > TARGETS.eventMax).length,
    });
  }
  console.log('\nSummary (a tap with no answer counts as slower than any answer in the 75th percentile)');
  console.table(summary);
  console.log(`(first-tap part: ${Math.round((Date.now() - started) / 1000)} s)`);
}
