import { useSyncExternalStore } from 'react';

const nothingToFollow = () => () => {};

/**
 * False in a prerendered page's markup and while React hydrates it, true from the render after
 * (and at once on a page React draws itself): what only works once the page's code runs can
 * wait for it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToFollow,
    () => true,
    () => false,
  );
}
