import type { ReactNode } from 'react';
import { island } from '@site/platform';
import type { CarouselProps } from './carousel-props';

/**
 * A looping carousel (`carousel-section.tsx`), as an island (docs/decisions.md "Islands"): its code comes when the
 * visitor reaches for it; until then the first-view script steps its server markup.
 */
export const Carousel = island(
  'carousel',
  () => import('./carousel-section') as Promise<{ default: (props: CarouselProps<unknown>) => ReactNode }>,
) as <T>(props: CarouselProps<T>) => ReactNode;
