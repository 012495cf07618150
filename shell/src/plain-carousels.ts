// Runs before the async boundary: no shared module (React, @site/platform…).
import { PLAIN_CAROUSEL } from '@site/shared-types';

const ACTIVE_BULLET = 'swiper-pagination-bullet-active';

/**
 * Steps a server-rendered carousel's plain markup by itself, so that a page with a carousel in view needs no
 * application to move (docs/decisions.md "First view on phones"): every autoplay delay the wrapper slides one
 * slide to the left over the step's duration (a CSS transition of its transform), then the slide that left is put
 * last again with the flex `order` of the slides, which moves no element in the document (the application adopts
 * the same markup). A tap on a pagination bullet shows its slide at once. The carousel's real code takes over at
 * the visitor's first touch, starting on the slide shown (`PLAIN_CAROUSEL.shown`) and keeping the next step's time;
 * from then on (`PLAIN_CAROUSEL.taken`, or the plain markup gone) nothing here touches it.
 */
export function stepPlainCarousels(): void {
  document.querySelectorAll<HTMLElement>(`.swiper[${PLAIN_CAROUSEL.autoplay}]`).forEach(stepPlainCarousel);
}

function stepPlainCarousel(carousel: HTMLElement): void {
  const delay = Number(carousel.getAttribute(PLAIN_CAROUSEL.autoplay));
  const speed = Number(carousel.getAttribute(PLAIN_CAROUSEL.speed) ?? 300);
  const found = carousel.querySelector<HTMLElement>(':scope > .swiper-wrapper');
  if (!found || !(delay > 0) || found.children.length < 2) return;
  const wrapper = found;

  // Read at the first step or tap, not while the page opens: the slides in the order they are shown (a slide may
  // be placed first by its class), and the place of the slide that counts as the current one (the first slide's).
  let sequence: HTMLElement[] = [];
  let slot = 0;
  const setUp = () => {
    if (sequence.length > 0) return;
    sequence = [...wrapper.children]
      .map((slide, at) => ({ slide: slide as HTMLElement, at, order: Number(getComputedStyle(slide).order) || 0 }))
      .sort((a, b) => a.order - b.order || a.at - b.at)
      .map(({ slide }) => slide);
    slot = Math.max(
      0,
      sequence.findIndex((slide) => slide.dataset.index === '0'),
    );
  };
  const place = () => sequence.forEach((slide, at) => (slide.style.order = String(at)));
  const show = (offset: number) => {
    const index = sequence[(slot + offset) % sequence.length]!.dataset.index ?? '0';
    carousel.setAttribute(PLAIN_CAROUSEL.shown, index);
    carousel
      .querySelectorAll('.swiper-pagination-bullet')
      .forEach((bullet, at) => bullet.classList.toggle(ACTIVE_BULLET, String(at) === index));
  };
  const taken = () => carousel.hasAttribute(PLAIN_CAROUSEL.taken) || !carousel.isConnected;

  let timer: number | undefined;
  let settle: number | undefined;
  /** The next step `delay` from now, or, the first one, `delay` from the page's opening. */
  const schedule = (at = performance.now() + delay) => {
    clearTimeout(timer);
    carousel.setAttribute(PLAIN_CAROUSEL.nextStepAt, String(Math.round(at)));
    timer = window.setTimeout(step, Math.max(0, at - performance.now()));
  };
  /** Ends a step under way: the slide that left goes last, the wrapper back in place, without a transition. */
  const land = () => {
    if (settle === undefined) return;
    clearTimeout(settle);
    settle = undefined;
    wrapper.style.transition = 'none';
    wrapper.style.transform = '';
    sequence.push(sequence.shift()!);
    place();
  };
  function step() {
    if (taken()) return;
    if (document.hidden) return schedule();
    setUp();
    const distance = sequence[1]!.getBoundingClientRect().left - sequence[0]!.getBoundingClientRect().left;
    place();
    show(1);
    wrapper.style.transition = `transform ${speed}ms ease`;
    wrapper.style.transform = `translate3d(${-distance}px, 0, 0)`;
    settle = window.setTimeout(land, speed);
    schedule();
  }

  carousel.addEventListener('click', (event) => {
    const bullet = (event.target as Element).closest('.swiper-pagination-bullet');
    if (!bullet?.parentElement || taken()) return;
    const index = String([...bullet.parentElement.children].indexOf(bullet));
    setUp();
    land();
    for (let turns = 0; turns < sequence.length && sequence[slot]!.dataset.index !== index; turns += 1) {
      sequence.push(sequence.shift()!);
    }
    place();
    show(0);
    schedule();
  });
  schedule(delay);
}
