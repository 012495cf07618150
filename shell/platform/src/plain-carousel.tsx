import type { Key, ReactNode } from 'react';
import { PLAIN_CAROUSEL } from '@site/shared-types';

export interface PlainSlide {
  key: Key;
  content: ReactNode;
}

/**
 * A carousel's first view before swiper runs (`useOnDemandCarousel`): the markup swiper renders, with its classes,
 * the slides carrying `data-index` and, when the carousel `moving`, one pagination bullet per slide, the first
 * active. `slideClass` adds a class to a slide (e.g. to place it where swiper will show it).
 */
export function PlainCarousel({
  slides,
  moving,
  slideClass,
  autoplayMs,
  speedMs,
}: {
  slides: PlainSlide[];
  moving: boolean;
  slideClass?: (index: number) => string | undefined;
  /**
   * The carousel's autoplay delay and step duration: while it is `moving`, the markup carries them
   * (`PLAIN_CAROUSEL`), and the first-view script steps a server-rendered carousel by itself until its code takes
   * over.
   */
  autoplayMs?: number;
  speedMs?: number;
}) {
  const plain =
    moving && autoplayMs !== undefined
      ? { [PLAIN_CAROUSEL.autoplay]: autoplayMs, [PLAIN_CAROUSEL.speed]: speedMs }
      : undefined;
  return (
    <div className="swiper" {...plain}>
      <div className="swiper-wrapper">
        {slides.map((slide, index) => {
          const extra = slideClass?.(index);
          return (
            <div key={slide.key} className={extra ? `swiper-slide ${extra}` : 'swiper-slide'} data-index={index}>
              {slide.content}
            </div>
          );
        })}
      </div>
      <div className="swiper-pagination swiper-pagination-clickable swiper-pagination-bullets swiper-pagination-horizontal">
        {moving &&
          slides.map((_, index) => (
            <span
              key={index}
              className={
                index === 0 ? 'swiper-pagination-bullet swiper-pagination-bullet-active' : 'swiper-pagination-bullet'
              }
            />
          ))}
      </div>
    </div>
  );
}
