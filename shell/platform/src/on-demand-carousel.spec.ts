import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { startOnDemandCarousel, type AutoplayingCarousel, type CarouselHandOver } from './on-demand-carousel';

const FRAME_MS = 16;
const DELAY_MS = 5000;

/**
 * A carousel that behaves as a swiper just started does: the frame after the takeover it handles its
 * ResizeObserver's first report, noting the slide it is on, and the frame after that it re-seats itself on
 * that slide. Frames come every 16 ms from the takeover on (the first at 16 ms).
 */
function startedCarousel() {
  const frames: FrameRequestCallback[] = [];
  globalThis.requestAnimationFrame = (callback) => frames.push(callback);
  const runFrame = () => frames.splice(0).forEach((callback) => callback(performance.now()));
  const pump = setInterval(runFrame, FRAME_MS);
  const steps: number[] = [];
  const carousel: AutoplayingCarousel & { reseated: boolean } = {
    el: {} as HTMLElement,
    realIndex: 0,
    params: { speed: 800 },
    reseated: false,
    autoplay: {
      running: true,
      start: () => (carousel.autoplay.running = true),
      stop: () => !(carousel.autoplay.running = false),
    },
    slideNext: () => {
      carousel.realIndex += 1;
      steps.push(performance.now());
      return true;
    },
    slideToLoop: (index: number) => (carousel.realIndex = index),
  };
  requestAnimationFrame(() => {
    const seat = carousel.realIndex;
    requestAnimationFrame(() => {
      carousel.realIndex = seat;
      carousel.reseated = true;
    });
  });
  return { carousel, steps, stop: () => clearInterval(pump) };
}

const dueIn = (ms: number): CarouselHandOver => ({
  firstStepAt: performance.now() + ms,
  bullet: null,
  focused: null,
  shown: 0,
});

describe('startOnDemandCarousel', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: 0, doNotFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it.each([
    ['due at the takeover', 0],
    ['due between the report and the re-seat', 20],
    ['due 100 ms after the takeover', 100],
  ])('should take a first step %s only once the carousel has settled, and keep it', (_name, dueMs) => {
    const { carousel, steps, stop } = startedCarousel();
    startOnDemandCarousel(carousel, dueIn(dueMs), DELAY_MS);
    expect(carousel.autoplay.running).toBe(false);
    jest.advanceTimersByTime(200);
    stop();
    expect(carousel.reseated).toBe(true);
    expect(steps).toHaveLength(1);
    // At its time, but not before four frames have passed since the takeover.
    expect(steps[0]).toBe(Math.max(dueMs, 4 * FRAME_MS));
    expect(carousel.realIndex).toBe(1);
    expect(carousel.autoplay.running).toBe(true);
  });

  it('should take a later first step at its time', () => {
    const { carousel, steps, stop } = startedCarousel();
    startOnDemandCarousel(carousel, dueIn(1200), DELAY_MS);
    jest.advanceTimersByTime(1199);
    expect(steps).toEqual([]);
    jest.advanceTimersByTime(1);
    stop();
    expect(steps).toEqual([1200]);
    expect(carousel.autoplay.running).toBe(true);
  });

  it('should leave a step due about a whole delay away to autoplay, and a carousel the visitor moved alone', () => {
    const late = startedCarousel();
    startOnDemandCarousel(late.carousel, dueIn(DELAY_MS - 20), DELAY_MS);
    expect(late.carousel.autoplay.running).toBe(true);
    late.stop();

    const moved = startedCarousel();
    startOnDemandCarousel(moved.carousel, dueIn(300), DELAY_MS);
    moved.carousel.realIndex = 3;
    jest.advanceTimersByTime(400);
    moved.stop();
    expect(moved.steps).toEqual([]);
    expect(moved.carousel.autoplay.running).toBe(true);
  });
});
