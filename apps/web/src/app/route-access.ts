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
