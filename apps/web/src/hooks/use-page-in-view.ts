import { useEffect, useState } from 'react';

/**
 * True while the tab is shown, and for `graceMs` after it is hidden; false once it stayed
 * hidden that long, true again the moment it shows. A live connection follows it, so a tab
 * left in the background does not hold one open for hours, and a quick switch away and back
 * does not drop it.
 */
export function usePageInView(graceMs: number): boolean {
  const [inView, setInView] = useState(true);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onVisibilityChange = () => {
      clearTimeout(timer);
      if (document.visibilityState === 'hidden') {
        timer = setTimeout(() => setInView(false), graceMs);
      } else {
        setInView(true);
      }
    };
    onVisibilityChange();
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [graceMs]);
  return inView;
}
