import { describe, expect, it } from 'vitest';
import { NETWORK, publishedPlaces, type EligiblePlace } from './publication.ts';

const MIN = 5;
const place = (name: string, parent: string, accounts: number): EligiblePlace => ({
  place: name,
  parent,
  accounts,
});

describe('publishedPlaces', () => {
  it('publishes every eligible place when no difference isolates a small group', () => {
    const eligible = [place('a', NETWORK, 9), place('a1', 'a', 9), place('b', NETWORK, 6)];
    // The network's rest (tests in too-small places) is 5 accounts: as many as the minimum.
    const remainders = new Map([[NETWORK, 5]]);
    expect(publishedPlaces(eligible, remainders, MIN)).toEqual(['a', 'a1', 'b']);
  });

  it('withholds the smallest sibling, and its subtree, when the rest is a small group', () => {
    const eligible = [
      place('p', NETWORK, 14),
      place('p1', 'p', 6),
      place('p2', 'p', 5),
      place('p2x', 'p2', 5),
    ];
    // p minus p1 and p2 would be the tests of 3 accounts.
    const remainders = new Map([['p', 3]]);
    expect(publishedPlaces(eligible, remainders, MIN)).toEqual(['p', 'p1']);
  });

  it('withholds the only eligible child when the rest is a small group', () => {
    const eligible = [place('p', NETWORK, 9), place('p1', 'p', 5)];
    expect(publishedPlaces(eligible, new Map([['p', 4]]), MIN)).toEqual(['p']);
  });

  it('publishes nothing under a place that is not published', () => {
    const eligible = [place('p1', 'p', 5)];
    expect(publishedPlaces(eligible, new Map(), MIN)).toEqual([]);
  });
});
