import type { Key, ReactNode } from 'react';
import { CAROUSEL_LEAD_MS } from './on-demand-carousel';

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
}: {
  slides: PlainSlide[];
  moving: boolean;
  slideClass?: (index: number) => string | undefined;
  /**
   * The carousel's autoplay delay: while it is `moving`, the markup says when its code is needed
   * (`data-needs-code-at`: swiper is fetched `CAROUSEL_LEAD_MS` before the first step), so a server-rendered
   * page starts its scripts in time.
   */
  autoplayMs?: number;
}) {
  return (
    <div
      className="swiper"
      data-needs-code-at={moving && autoplayMs !== undefined ? autoplayMs - CAROUSEL_LEAD_MS : undefined}
    >
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
