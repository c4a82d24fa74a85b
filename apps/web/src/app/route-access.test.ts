import { describe, expect, it } from 'vitest';
import { redirectFor, type RouteAccess } from './route-access';

describe('route access', () => {
  it.each<[RouteAccess, boolean, string | null]>([
    ['home', false, null],
    ['home', true, '/dashboard'],
    ['guest', false, null],
    ['guest', true, '/'],
    ['signed-in', true, null],
    ['signed-in', false, '/login'],
    ['public', false, null],
    ['public', true, null],
  ])('%s with token=%s redirects to %s', (access, hasToken, expected) => {
    expect(redirectFor(access, hasToken)).toBe(expected);
  });
});
