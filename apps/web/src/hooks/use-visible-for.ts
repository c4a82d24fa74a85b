import { useEffect, useState, type RefObject } from 'react';
import { createVisibilityDelay } from './visibility-delay';

interface VisibleForOptions {
  /** How much of the element must show, from 0 to 1. */
  threshold: number;
  /** How long it must keep showing, in one stretch. */
  delayMs: number;
}

/**
 * False until the element has shown at least `threshold` of itself in the
 * viewport for `delayMs` without interruption, then true for good.
 */
export function useVisibleFor(
  ref: RefObject<Element | null>,
  { threshold, delayMs }: VisibleForOptions,
): boolean {
  const [due, setDue] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (due || !element) return;
    const delay = createVisibilityDelay(delayMs, () => setDue(true));
    if (typeof IntersectionObserver === 'undefined') {
      // No way to tell: treat the element as visible.
      delay.update(true);
      return () => delay.dispose();
    }
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          // A hair of tolerance: the browser may report exactly half as 0.4999….
          delay.update(entry.isIntersecting && entry.intersectionRatio >= threshold - 0.001);
        }
      },
      { threshold },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      delay.dispose();
    };
  }, [ref, threshold, delayMs, due]);

  return due;
}
