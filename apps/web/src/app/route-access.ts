import type { Role } from '@netpulse/shared';
import { paths } from '@/config/paths';

/**
 * Who may see a route (spec section 2, "Route access"). Access depends only on
 * whether a token is stored.
 * - `guest`: logged-out screens (login, register, verify email, forgot/reset password)
 * - `signed-in`: the signed-in layout and its screens
 * - `home`: `/`, the login screen when logged out and the dashboard when logged in
 * - `public`: anyone (terms, privacy)
 */
export type RouteAccess = 'guest' | 'signed-in' | 'home' | 'public';

/** Where a visitor is sent instead of the route, or null when they may stay. */
export function redirectFor(access: RouteAccess, hasToken: boolean): string | null {
  switch (access) {
    case 'guest':
      return hasToken ? paths.home.href() : null;
    case 'signed-in':
      return hasToken ? null : paths.login.href();
    case 'home':
      return hasToken ? paths.dashboard.href() : null;
    case 'public':
      return null;
  }
}

/** What the console's guard does: wait for the profile, show the console, or send the visitor away. */
export type ConsoleAccess = 'wait' | 'show' | 'failed' | { redirect: string };

/**
 * The console (`/admin/*`) is for admins (docs/ARCHITECTURE.md section 8): its routes sit
 * under the signed-in ones, so a visitor without a token is already on the way to
 * /login; with one, the profile's role decides, and anyone not an admin goes to the
 * dashboard before the console's code is fetched. The server refuses them too (403).
 */
export function consoleAccess(profile: { role: Role | undefined; failed: boolean }): ConsoleAccess {
  if (profile.role === 'admin') return 'show';
  if (profile.role !== undefined) return { redirect: paths.dashboard.href() };
  return profile.failed ? 'failed' : 'wait';
}
