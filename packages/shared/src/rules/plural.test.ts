import { describe, expect, it } from 'vitest';
import { nounFor, pluralize } from './plural.ts';

describe('pluralize', () => {
  it.each([
    [0, 'day', undefined, '0 days'],
    [1, 'day', undefined, '1 day'],
    [2, 'day', undefined, '2 days'],
    [1, 'use', undefined, '1 use'],
    [5, 'use', undefined, '5 uses'],
    [1250, 'account', undefined, '1,250 accounts'],
    [1, 'quest is', 'quests are', '1 quest is'],
    [3, 'quest is', 'quests are', '3 quests are'],
    [1, 'reply', 'replies', '1 reply'],
    [2, 'reply', 'replies', '2 replies'],
  ])('%d %s reads %s', (count, singular, plural, text) => {
    expect(pluralize(count, singular, plural)).toBe(text);
  });

  it('treats a fraction as more than one', () => {
    expect(pluralize(1.5, 'day')).toBe('1.5 days');
  });
});

describe('nounFor', () => {
  it('gives the singular for exactly one and the plural otherwise', () => {
    expect(nounFor(1, 'subscription')).toBe('subscription');
    expect(nounFor(0, 'subscription')).toBe('subscriptions');
    expect(nounFor(-1, 'subscription')).toBe('subscriptions');
    expect(nounFor(2, 'is', 'are')).toBe('are');
  });
});
