/**
 * Counts as people read them (issue 27): "1 day", "2 days", "1,250 accounts". The
 * one way every screen, toast and message writes a number of things, so no text
 * says "1 uses" or "1 days" again.
 *
 * English only (issue 28): a screen's count is an ICU plural in its message
 * (`{count, plural, one {# node} other {# nodes}}`), which every language declines in its own
 * forms. These stay for the English texts of the shared contract and the server.
 */

const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * The noun that agrees with `count`: `singular` for exactly one, `plural`
 * (the singular plus "s" unless given) for any other number, zero included.
 */
export function nounFor(count: number, singular: string, plural = `${singular}s`): string {
  return count === 1 ? singular : plural;
}

/** `count` with grouped thousands and the noun that agrees with it: "1 day", "12 days". */
export function pluralize(count: number, singular: string, plural?: string): string {
  return `${countFormat.format(count)} ${nounFor(count, singular, plural)}`;
}
