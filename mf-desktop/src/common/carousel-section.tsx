import { useRef } from 'react';
import 'swiper/css';
import 'swiper/css/pagination';
import { PlainCarousel, useOnDemandCarousel } from '@site/platform';
import type { CarouselProps } from './carousel-props';
import styles from './carousel.module.css';

const loadSwiper = () => import('./carousel-swiper');

/**
 * A looping carousel that keeps playing after the visitor touches it. The server and the first render in the
 * browser give plain markup with swiper's classes, laid out as swiper will show it (slides at their final size,
 * and for three per view the last slide before the first, centred one), so the first view needs no script and
 * nothing moves when swiper takes over. Swiper's code is loaded shortly before the first autoplay step or at
 * the visitor's first interaction with the carousel (`useOnDemandCarousel`).
 */
export default function CarouselSection<T>(props: CarouselProps<T>) {
  const { items, itemKey, render, label, autoplayMs, layout, testId } = props;
  const three = layout === 'three';
  const root = useRef<HTMLElement>(null);
  const { module, handOver } = useOnDemandCarousel(loadSwiper, { ref: root, autoplayMs });
  const moving = items.length > (three ? 3 : 1);
  return (
    <section
      ref={root}
      className={`${styles.carousel} ${three ? styles.three : styles.single}`}
      aria-label={label}
      data-testid={testId}
    >
      {module ? (
        <module.SwiperCarousel {...props} handOver={handOver} />
      ) : (
        <PlainCarousel
          slides={items.map((item, index) => ({ key: itemKey(item), content: render(item, index) }))}
          moving={moving}
          autoplayMs={autoplayMs}
          speedMs={props.speed}
          slideClass={(index) => (three && moving && index === items.length - 1 ? styles.leading : undefined)}
        />
      )}
    </section>
  );
}
