import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { consoleRoutePath } from './console-routes';

describe('consoleRoutePath', () => {
  it('takes a console path relative to /admin', () => {
    expect(consoleRoutePath(paths.adminUsers.path)).toBe('users');
    expect(consoleRoutePath(paths.adminUser.path)).toBe('users/:userId');
  });

  it('refuses a path outside the console', () => {
    expect(() => consoleRoutePath(paths.dashboard.path)).toThrow();
  });
});
