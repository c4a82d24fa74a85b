import { describe, expect, it } from 'vitest';
import { consoleAccess, redirectFor, type RouteAccess } from './route-access';

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

describe('console access', () => {
  it('shows the console to an admin', () => {
    expect(consoleAccess({ role: 'admin', failed: false })).toBe('show');
  });

  it('sends a member to the dashboard, even when a refetch failed', () => {
    expect(consoleAccess({ role: 'member', failed: false })).toEqual({ redirect: '/dashboard' });
    expect(consoleAccess({ role: 'member', failed: true })).toEqual({ redirect: '/dashboard' });
  });

  it('waits for the profile, and says when it could not be read', () => {
    expect(consoleAccess({ role: undefined, failed: false })).toBe('wait');
    expect(consoleAccess({ role: undefined, failed: true })).toBe('failed');
  });
});
