import { useEffect, useState } from 'react';

export { animateScrollTo } from './animate-scroll';

/** Whether the window is scrolled more than `threshold` px (false on the server and before hydration). */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return past;
}
