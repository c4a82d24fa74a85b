import { describe, expect, it } from 'vitest';
import { ExpiringCache } from './expiring-cache.ts';

describe('ExpiringCache', () => {
  it('answers a value until its own expiry time, then forgets it', () => {
    const cache = new ExpiringCache<string, number>(10);
    cache.set('a', 1, 1_000);
    expect(cache.get('a', 999)).toBe(1);
    expect(cache.get('a', 1_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('makes room by dropping the entry set longest ago', () => {
    const cache = new ExpiringCache<string, number>(2);
    cache.set('a', 1, 10);
    cache.set('b', 2, 10);
    cache.set('a', 3, 10); // set again: now the newest
    cache.set('c', 4, 10);
    expect(cache.get('b', 0)).toBeUndefined();
    expect(cache.get('a', 0)).toBe(3);
    expect(cache.get('c', 0)).toBe(4);
  });

  it('deletes one key, or every entry whose value matches', () => {
    const cache = new ExpiringCache<string, { user: number }>(10);
    cache.set('s1', { user: 1 }, 10);
    cache.set('s2', { user: 1 }, 10);
    cache.set('s3', { user: 2 }, 10);
    cache.delete('s3');
    expect(cache.get('s3', 0)).toBeUndefined();
    cache.deleteWhere((value) => value.user === 1);
    expect(cache.size).toBe(0);
  });

  it('drops every lapsed entry at once, keeping the live ones', () => {
    const cache = new ExpiringCache<string, number>(10);
    cache.set('a', 1, 100);
    cache.set('b', 2, 200);
    cache.set('c', 3, 300);
    cache.deleteLapsed(200);
    expect(cache.size).toBe(1);
    expect(cache.get('c', 200)).toBe(3);
  });
});
