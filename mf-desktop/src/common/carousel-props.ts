import type { ReactNode } from 'react';

/** What a carousel shows and how it moves: read by the plain first view and by the swiper that takes over. */
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
