// The real banner carousel, loaded on demand by ./banner.tsx: swiper's code is not part of the page's first view.
import { Autoplay, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper';
import { startOnDemandCarousel, type CarouselHandOver } from '@site/platform';
import { BANNER_AUTOPLAY_MS, BANNER_SPEED_MS, type BannerSlide } from './banner-settings';

export function BannerSwiper({ slides, handOver }: { slides: BannerSlide[]; handOver: CarouselHandOver }) {
  return (
    <Swiper
      modules={[Autoplay, Pagination]}
      slidesPerView={1}
      loop={slides.length > 1}
      speed={BANNER_SPEED_MS}
      initialSlide={handOver.shown}
      autoplay={{ delay: BANNER_AUTOPLAY_MS, disableOnInteraction: false }}
      pagination={{ clickable: true }}
      onSwiper={(swiper: SwiperInstance) => startOnDemandCarousel(swiper, handOver, BANNER_AUTOPLAY_MS)}
    >
      {slides.map((slide, index) => (
        <SwiperSlide key={slide.key} data-index={index}>
          {slide.content}
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
