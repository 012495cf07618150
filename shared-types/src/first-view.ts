/**
 * The first-view contract: element ids, attribute and global names shared by the server (api), the server's
 * markup (the remotes' components), the shell's first-view script (which runs before, and without, the
 * application) and the application that adopts the page.
 * What each one means: docs/decisions.md "First view on phones".
 */

/** The page's `<script type="application/json">` elements: the server's configuration and the rendered state. */
export const SITE_CONFIG_ID = 'site-config';
export const SITE_STATE_ID = 'site-state';

/** Attributes the first-view script reads on the server's markup. */
export const FIRST_VIEW = {
  /** On the first-view script's tag: the application's scripts, space-separated, added when it is needed. */
  app: 'data-app',
  /**
   * On the first-view script's tag: the scripts the application will need (its entry, the chunks behind it, the
   * page's remote), space-separated, fetched without running once the page is quiet.
   */
  prefetch: 'data-prefetch',
  /** On a page's root element: what the first view does by itself there (`FIRST_VIEW_WORK`). */
  work: 'data-first-view',
  /**
   * On a control: the attribute (`data-…`) a press before the code sets at once on its `pressScope` ancestor,
   * for the page's stylesheet to draw the answer; the application owns it once it runs.
   */
  press: 'data-press',
  pressScope: 'data-press-scope',
} as const;

/** What a page's first view does by itself (`FIRST_VIEW.work`). */
export const FIRST_VIEW_WORK = {
  /** Scrolls to the page's bottom over the scroll animation's time (the mobile contact page). */
  scrollToEnd: 'scroll-to-end',
} as const;

/** The global through which the first-view script hands its remembered taps to the application it started. */
export const FIRST_VIEW_GLOBAL = '__SITE_FIRST_VIEW__';

/** What the first-view script hands over through `FIRST_VIEW_GLOBAL` (`Target`: the page's element type). */
export interface FirstViewHandOver<Target> {
  /**
   * Replays the presses kept for the application: those within `scope` (all when not given), except on an island
   * not adopted yet, which are kept for its own adoption.
   */
  replayTaps: (scope?: Target) => void;
  /** Whether the visitor reached for (pressed, touched, focused) something within `element` before now. */
  reachedFor: (element: Target) => boolean;
}

/**
 * A carousel's plain markup that the first-view script steps by itself until its real code takes over: on the
 * `.swiper` element, its autoplay delay and step duration in milliseconds.
 */
export const PLAIN_CAROUSEL = {
  /** Autoplay delay (ms) of a carousel that moves. */
  autoplay: 'data-plain-autoplay',
  /** Duration (ms) of one step. */
  speed: 'data-plain-speed',
  /** Written by the first-view script: the `data-index` of the slide it shows now. */
  shown: 'data-plain-shown',
  /** Written by the first-view script: when (`performance.now()`) its next step is due. */
  nextStepAt: 'data-plain-next-step-at',
  /** Written by the application as it takes the carousel over: the first-view script stops stepping it. */
  taken: 'data-plain-taken',
} as const;

/**
 * A back button that works before the application: on a button, the address to open when there is no page to go
 * back to. The first-view script goes back (or there) at a tap until the application runs the page.
 */
export const FIRST_VIEW_BACK = 'data-back-to';

/**
 * A section of a server-rendered page whose code comes and adopts it on its own (an island): the header with its
 * search, a carousel, a list that loads more, a contact form, a side tab, back-to-top. The page's code adopts
 * everything else at the visitor's first reach and leaves an island's server markup as it is until its wake-up
 * (`IslandWake`) comes; a tap on it meanwhile is kept by the first-view script and replayed once it is adopted.
 */
export const ISLAND = {
  /** On the island's wrapper (`display: contents`): its name. */
  name: 'data-island',
  /** Written by the application on the wrapper once the island is adopted. */
  ready: 'data-island-ready',
  /**
   * The window event (`CustomEvent<IslandFailure>`) of an island whose code failed while adopting or rendering it:
   * its server markup is back, and the shell reports it and offers 重试.
   */
  failed: 'site-island-failed',
} as const;

/** What an island's failure event carries. */
export interface IslandFailure {
  name: string;
  error: unknown;
  /** Renders the island anew; answers whether that worked. */
  retry: () => Promise<boolean>;
}

/**
 * What wakes an island: the visitor reaching for it (`touch`: pointer over or down, touch, focus), its coming near
 * the viewport (`visible`), or the page scrolling (`scroll`, for controls that appear once it is scrolled).
 */
export type IslandWake = 'touch' | 'visible' | 'scroll';
