import type { ReactNode } from 'react';
import { Autoplay, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/pagination';
import styles from './carousel.module.css';

export interface CarouselProps<T> {
  items: T[];
  itemKey: (item: T) => string | number;
  render: (item: T, index: number) => ReactNode;
  /** Accessible name of the carousel region. */
  label: string;
  autoplayMs: number;
  speed: number;
  /** Three slides per view with 25 px gaps, centred (the home carousel); otherwise one full-width slide. */
  layout: 'single' | 'three';
  testId?: string;
}

/**
 * A looping swiper carousel that keeps playing after the visitor touches it. Its slides are rendered on the
 * server with their final size (CSS below), so starting swiper in the browser does not move anything.
 */
export function Carousel<T>({ items, itemKey, render, label, autoplayMs, speed, layout, testId }: CarouselProps<T>) {
  const three = layout === 'three';
  return (
    <section
      className={`${styles.carousel} ${three ? styles.three : styles.single}`}
      aria-label={label}
      data-testid={testId}
    >
      <Swiper
        modules={[Autoplay, Pagination]}
        slidesPerView={three ? 3 : 1}
        spaceBetween={three ? 25 : 0}
        centeredSlides={three}
        loop={items.length > (three ? 3 : 1)}
        speed={speed}
        autoplay={{ delay: autoplayMs, disableOnInteraction: false }}
        pagination={{ clickable: true }}
      >
        {items.map((item, index) => (
          <SwiperSlide key={itemKey(item)} data-index={index}>
            {render(item, index)}
          </SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
}
