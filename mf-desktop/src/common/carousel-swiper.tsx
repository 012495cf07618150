// The real carousel, loaded on demand by ./carousel.tsx: swiper's code is not part of the page's first view.
import { Autoplay, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper';
import { startOnDemandCarousel, type CarouselHandOver } from '@site/platform';
import type { CarouselProps } from './carousel-props';

export interface SwiperCarouselProps<T> extends Omit<CarouselProps<T>, 'label' | 'testId'> {
  handOver: CarouselHandOver;
}

/** The looping swiper carousel that takes over from the plain markup of `Carousel` and keeps playing after a touch. */
export function SwiperCarousel<T>({
  items,
  itemKey,
  render,
  autoplayMs,
  speed,
  layout,
  handOver,
}: SwiperCarouselProps<T>) {
  const three = layout === 'three';
  const started = (swiper: SwiperInstance) => startOnDemandCarousel(swiper, handOver, autoplayMs);
  return (
    <Swiper
      modules={[Autoplay, Pagination]}
      slidesPerView={three ? 3 : 1}
      spaceBetween={three ? 25 : 0}
      centeredSlides={three}
      loop={items.length > (three ? 3 : 1)}
      speed={speed}
      initialSlide={handOver.shown}
      autoplay={{ delay: autoplayMs, disableOnInteraction: false }}
      pagination={{ clickable: true }}
      onSwiper={started}
    >
      {items.map((item, index) => (
        <SwiperSlide key={itemKey(item)} data-index={index}>
          {render(item, index)}
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
