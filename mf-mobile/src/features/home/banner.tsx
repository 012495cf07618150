import { useRef } from 'react';
import { FACE_BASE, responsiveImage } from '@site/shared-types';
import { Link, PlainCarousel, publicApi, useOnDemandCarousel } from '@site/platform';
import { HOME_PATH } from '../../common/home-path';
import { BANNER_AUTOPLAY_MS, BANNER_SPEED_MS, type BannerSlide } from './banner-settings';
import styles from './home.module.css';

/** The picture is shown 1920 / 1200 times wider than its box (the box shows its centre), less the page's margins. */
const BANNER_SIZES = 'calc((100vw - 20px) * 1.6)';

const loadSwiper = () => import('./banner-swiper');

/**
 * The slides as plain markup with swiper's classes (the server render and the first view: no script needed,
 * nothing moves when swiper takes over), swiper's code loaded shortly before the first autoplay step or at the
 * visitor's first touch (`useOnDemandCarousel`).
 */
function BannerCarousel({ slides }: { slides: BannerSlide[] }) {
  const root = useRef<HTMLElement>(null);
  const { module, handOver } = useOnDemandCarousel(loadSwiper, { ref: root, autoplayMs: BANNER_AUTOPLAY_MS });
  return (
    <section ref={root} className={styles.banner} aria-label="首页横幅" data-testid="banner">
      {module ? (
        <module.BannerSwiper slides={slides} handOver={handOver} />
      ) : (
        <PlainCarousel
          slides={slides}
          moving={slides.length > 1}
          autoplayMs={BANNER_AUTOPLAY_MS}
          speedMs={BANNER_SPEED_MS}
        />
      )}
    </section>
  );
}

/** The banner slides from the header; a slide's desktop path opens the same path under /move. */
export default function Banner() {
  const header = publicApi.useHeaderQuery().data;
  if (!header || header.banner.length === 0) return null;
  const slides = header.banner.map((slide, index) => ({
    key: slide.id,
    content: (
      <Link to={slide.link ? `${FACE_BASE.mobile}${slide.link}` : HOME_PATH}>
        <img
          {...responsiveImage(slide.pic, BANNER_SIZES)}
          alt={slide.title}
          width={1920}
          height={600}
          loading={index === 0 ? 'eager' : 'lazy'}
          fetchPriority={index === 0 ? 'high' : undefined}
        />
      </Link>
    ),
  }));
  return <BannerCarousel slides={slides} />;
}
