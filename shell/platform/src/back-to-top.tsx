import type { ReactNode } from 'react';
import { SCROLL_ANIMATION_MS } from '@site/shared-types';
import { island } from './island';
import { animateScrollTo, useScrolledPast } from './scroll';

export interface BackToTopProps {
  /** Shown once the window is scrolled more than this many pixels. */
  threshold: number;
  /** The face's own look: `className` always, `shownClassName` added while shown. */
  className: string | undefined;
  shownClassName: string | undefined;
  /** Length of the fade, when the face's stylesheet does not fix it. */
  fadeMs?: number;
  label: string;
  testId: string;
  /** The control's picture, when the face draws its own; an upward chevron otherwise. */
  icon?: ReactNode;
}

const CHEVRON = (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
    <path d="M6 14l6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
  </svg>
);

/**
 * A back-to-top control (docs/behaviour.md#go-to-top-and-scrolling): hidden until the page is scrolled past
 * `threshold`, then scrolls to the top over 800 ms, eased. Hidden, it is out of the tab order and the accessibility tree.
 */
function BackToTopControl({
  threshold,
  className,
  shownClassName,
  fadeMs,
  label,
  testId,
  icon = CHEVRON,
}: BackToTopProps) {
  const shown = useScrolledPast(threshold);
  return (
    <button
      type="button"
      className={`${className ?? ''} ${shown ? (shownClassName ?? '') : ''}`}
      style={fadeMs === undefined ? undefined : { transitionDuration: `${fadeMs}ms` }}
      aria-label={label}
      aria-hidden={!shown || undefined}
      tabIndex={shown ? undefined : -1}
      data-testid={testId}
      onClick={() => void animateScrollTo(0, SCROLL_ANIMATION_MS)}
    >
      {icon}
    </button>
  );
}

/** The control as an island (docs/decisions.md "Islands"): adopted once the page scrolls, when it may be shown. */
export const BackToTop = island('back-to-top', async () => ({ default: BackToTopControl }), 'scroll');
