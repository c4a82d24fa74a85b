import { twMerge } from 'tailwind-merge';

/**
 * Joins the truthy class names; where two set the same thing (`size-4` after a component's
 * `size-5`, a caller's `py-6` after `py-16`) the later one wins, so a caller's `className`
 * overrides the component's own. Without the merge the winner would be whichever utility
 * Tailwind happens to emit later in the stylesheet, not the caller.
 */
export function cn(...classNames: (string | false | null | undefined)[]): string {
  return twMerge(classNames);
}
