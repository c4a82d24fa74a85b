/**
 * Which places are published (docs/decisions/042). A place is published when at least the
 * minimum of distinct accounts tested in it, its parent is published (the network is the
 * root of the cells and of the countries), and no difference of published figures isolates
 * fewer accounts than the minimum:
 *
 * a published place's tests minus those of its published children are the tests of its
 * children too small to publish (and, at the root, of the tests without a place). When those
 * come from between 1 and minimum − 1 accounts, subtracting would count a small group's
 * tests; so the published child with the fewest accounts is withheld as well (with its whole
 * subtree), and the difference then holds that child's accounts too: at least the minimum.
 * Every difference of published figures is then a union of such remainders and published
 * places, each empty or of at least the minimum of accounts.
 */

/** A place that enough accounts tested in, with its parent ('' for the network). */
export interface EligiblePlace {
  place: string;
  parent: string;
  accounts: number;
}

/** The network: the root of the cells' tree and the parent of every country. */
export const NETWORK = '';

/**
 * The places to publish among `eligible` (each with at least `minAccounts` accounts), given
 * each parent's remainder: the distinct accounts of its children too small to publish.
 */
export function publishedPlaces(
  eligible: readonly EligiblePlace[],
  remainderOf: ReadonlyMap<string, number>,
  minAccounts: number,
): string[] {
  const childrenOf = new Map<string, EligiblePlace[]>();
  for (const place of eligible) {
    const siblings = childrenOf.get(place.parent) ?? [];
    siblings.push(place);
    childrenOf.set(place.parent, siblings);
  }
  const published: string[] = [];
  const parents = [NETWORK];
  for (let parent = parents.pop(); parent !== undefined; parent = parents.pop()) {
    const children = childrenOf.get(parent) ?? [];
    const remainder = remainderOf.get(parent) ?? 0;
    const withheld =
      remainder > 0 && remainder < minAccounts ? fewestAccounts(children) : undefined;
    for (const child of children) {
      if (child === withheld) continue;
      published.push(child.place);
      parents.push(child.place);
    }
  }
  return published.sort();
}

/** The place of the fewest accounts (the first by name among equals), so a rebuild repeats. */
function fewestAccounts(places: readonly EligiblePlace[]): EligiblePlace | undefined {
  let fewest: EligiblePlace | undefined;
  for (const place of places) {
    if (
      !fewest ||
      place.accounts < fewest.accounts ||
      (place.accounts === fewest.accounts && place.place < fewest.place)
    ) {
      fewest = place;
    }
  }
  return fewest;
}
