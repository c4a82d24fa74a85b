/** Joins the truthy class names; enough for our own components, which never fight over a utility. */
export function cn(...classNames: (string | false | null | undefined)[]): string {
  return classNames.filter(Boolean).join(' ');
}
