import { CAROUSEL } from '@site/shared-types';
import type { PlainSlide } from '@site/platform';

/** How the home banner moves: read by its plain first view and by the swiper that takes over. */
export const BANNER_AUTOPLAY_MS = 4000;
export const BANNER_SPEED_MS = CAROUSEL.home.speed;

export type BannerSlide = PlainSlide;
