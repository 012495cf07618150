import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { PLAIN_CAROUSEL } from '@site/shared-types';
import { useAdoptedFromServer } from './hydrating';
import { useModuleOnDemand } from './on-demand';

/**
 * How long before a carousel's first autoplay step its script is fetched: enough for a slow phone connection to
 * bring a ~30 KB chunk, short enough that a visitor who only reads the first view never downloads it.
 */
export const CAROUSEL_LEAD_MS = 1000;

/** What the plain carousel hands to the real one when it takes over (`startOnDemandCarousel`). */
export interface CarouselHandOver {
  /**
   * When the first autoplay step is due (`performance.now()` time): the delay counted from the moment the
   * carousel was shown (the page's opening for a server-rendered first view, its mount otherwise).
   */
  firstStepAt: number;
  /** The pagination bullet the visitor clicked before the real carousel was there. */
  bullet: number | null;
  /** The slide (`data-index`) that held the keyboard focus when the plain markup was replaced. */
  focused: number | null;
  /** The slide the plain markup showed when the real carousel took over (the first-view script steps it). */
  shown: number;
}

/**
 * A carousel whose first view is plain server-rendered markup (the classes swiper uses, so nothing moves when it
 * takes over) and whose code `load`s at the visitor's first interaction with `ref`'s element. Until then the
 * first-view script steps the server's markup (shell/src/plain-carousels.ts); a carousel the application rendered
 * itself (after an in-app navigation) has no such script, and its code also loads shortly before its first
 * autoplay step. Answers the loaded module (`null` until then, and on the server)
 * and the hand-over for `startOnDemandCarousel`. The slides carry `data-index`, the plain pagination bullets the
 * class `swiper-pagination-bullet`.
 */
export function useOnDemandCarousel<M>(
  load: () => Promise<M>,
  { ref, autoplayMs }: { ref: RefObject<HTMLElement | null>; autoplayMs: number },
): { module: M | null; handOver: CarouselHandOver } {
  const handOver = useRef<CarouselHandOver>({ firstStepAt: Infinity, bullet: null, focused: null, shown: 0 });
  // True in the render that adopts the server's markup: the carousel has been on screen since the page opened
  // (the application may have started seconds later), so its first step is due `autoplayMs` after that.
  const adopted = useAdoptedFromServer();
  const shownAt = useRef<number | null>(null);
  shownAt.current ??= adopted ? 0 : performance.now();
  const firstStepAt = shownAt.current + autoplayMs;
  // Right before the real carousel replaces the plain markup: the first-view script stops stepping it, and the
  // real one starts on the slide it shows, keeping the time of its next step.
  const takeOver = useCallback(
    () =>
      load().then((loaded) => {
        const plain = ref.current?.querySelector<HTMLElement>(`[${PLAIN_CAROUSEL.autoplay}]`);
        plain?.setAttribute(PLAIN_CAROUSEL.taken, '');
        const shown = plain?.getAttribute(PLAIN_CAROUSEL.shown);
        const nextStepAt = Number(plain?.getAttribute(PLAIN_CAROUSEL.nextStepAt));
        if (shown) handOver.current.shown = Number(shown);
        if (nextStepAt > 0) handOver.current.firstStepAt = nextStepAt;
        return loaded;
      }),
    [load, ref],
  );
  // The first-view script steps a carousel adopted from the server: its code waits for the visitor.
  const steppedByFirstView = useRef(adopted).current;
  const module = useModuleOnDemand(takeOver, {
    ref,
    afterMs: steppedByFirstView ? null : autoplayMs - CAROUSEL_LEAD_MS,
    from: shownAt.current,
  });
  useEffect(() => {
    if (!ref.current?.querySelector(`[${PLAIN_CAROUSEL.nextStepAt}]`)) handOver.current.firstStepAt = firstStepAt;
  }, [firstStepAt, ref]);
  useEffect(() => {
    const element = ref.current;
    if (!element || module) return;
    const state = handOver.current;
    const onClick = (event: Event) => {
      const bullet = (event.target as Element).closest('.swiper-pagination-bullet');
      if (bullet?.parentElement) state.bullet = [...bullet.parentElement.children].indexOf(bullet);
    };
    // The focus is lost when the plain markup is replaced: remember which slide had it, unless it left for good.
    const onFocusIn = (event: FocusEvent) => {
      const slide = (event.target as Element).closest<HTMLElement>('[data-index]');
      state.focused = slide ? Number(slide.dataset.index) : null;
    };
    const onFocusOut = (event: FocusEvent) => {
      const target = event.target as Element;
      const next = event.relatedTarget as Node | null;
      if (next) state.focused = element.contains(next) ? state.focused : null;
      else
        setTimeout(() => {
          if (target.isConnected) state.focused = null;
        });
    };
    // Focus that came before the code (the server markup's link, focused before hydration) counts too.
    const focused = document.activeElement?.closest<HTMLElement>('[data-index]');
    if (focused && element.contains(focused)) state.focused = Number(focused.dataset.index);
    element.addEventListener('click', onClick);
    element.addEventListener('focusin', onFocusIn);
    element.addEventListener('focusout', onFocusOut);
    return () => {
      element.removeEventListener('click', onClick);
      element.removeEventListener('focusin', onFocusIn);
      element.removeEventListener('focusout', onFocusOut);
    };
  }, [ref, module]);
  return { module, handOver: handOver.current };
}

/**
 * The part of a swiper instance `startOnDemandCarousel` uses (structural: the platform does not depend on swiper,
 * the remotes that show carousels do).
 */
export interface AutoplayingCarousel {
  el: HTMLElement;
  destroyed?: boolean;
  realIndex: number;
  params: { speed?: number };
  autoplay: { running: boolean; start(): boolean; stop(): boolean };
  slideNext(speed?: number, runCallbacks?: boolean, internal?: boolean): boolean;
  slideToLoop(index: number, speed?: number, runCallbacks?: boolean, internal?: boolean): unknown;
}

/**
 * Animation frames a new swiper needs before a step of ours is safe. Its ResizeObserver's first report (which
 * comes even when nothing changed, as the observed box is fractional and swiper's measure is not) is handled a
 * frame later and re-seats the slider, a frame after that, on the slide it was on when the report was handled.
 * A step taken in between is undone by that re-seat, and autoplay, left waiting for the end of a transition
 * that no longer runs, stops for good. Four frames leave one to spare whichever frame the takeover came in.
 */
const SETTLE_FRAMES = 4;

/**
 * Called with the real carousel once it runs (swiper/react's `onSwiper`). Autoplay would take its first step a
 * whole delay after the script arrived; this keeps it at `firstStepAt` (or takes it once the carousel has
 * settled, if that is later), taken the way autoplay takes it (an internal `slideNext`), so autoplay goes on at
 * its own pace after it. A bullet clicked meanwhile is applied (the visitor's step then replaces the planned
 * one) and the focus goes back to the slide that had it.
 */
export function startOnDemandCarousel(
  carousel: AutoplayingCarousel,
  handOver: CarouselHandOver,
  delayMs: number,
): void {
  if (handOver.focused !== null && (document.activeElement === null || document.activeElement === document.body)) {
    carousel.el
      .querySelector<HTMLElement>(`[data-index="${handOver.focused}"] :is(a[href], button, [tabindex])`)
      ?.focus({ preventScroll: true });
  }
  if (handOver.bullet !== null) {
    carousel.slideToLoop(handOver.bullet);
    return;
  }
  const wait = handOver.firstStepAt - performance.now();
  // Autoplay's own timer, started just now, steps within a few frames of the planned time anyway.
  if (!carousel.autoplay.running || wait > delayMs - 50) return;
  carousel.autoplay.stop();
  const index = carousel.realIndex;
  // Taken once both have come: its time, and the end of the carousel's settling.
  let pending = 2;
  const step = () => {
    if (--pending > 0 || carousel.destroyed) return;
    carousel.autoplay.start();
    if (carousel.realIndex === index) carousel.slideNext(carousel.params.speed, true, true);
  };
  setTimeout(step, Math.max(0, wait));
  let frames = SETTLE_FRAMES;
  const frame = () => (--frames > 0 ? requestAnimationFrame(frame) : step());
  requestAnimationFrame(frame);
}
