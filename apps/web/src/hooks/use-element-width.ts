import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The element's width in CSS pixels, kept up to date as it resizes; `fallback` until it is
 * first measured (and where ResizeObserver is missing).
 */
export function useElementWidth(ref: RefObject<Element | null>, fallback: number): number {
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.getBoundingClientRect().width || fallback);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, fallback]);
  return width;
}
