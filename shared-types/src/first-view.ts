/**
 * The first-view contract: attribute names shared by the server's markup (the remotes' components), the shell's
 * first-view script (which runs before, and without, the application) and the application that adopts the page.
 * What each one means: docs/decisions.md "First view on phones".
 */

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
