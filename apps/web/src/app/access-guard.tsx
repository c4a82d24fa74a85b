import type { ReactNode } from 'react';
import { Navigate } from '@/lib/router';
import { useAuthToken } from '@/hooks/use-auth-token';
import { redirectFor, type RouteAccess } from './route-access';

/** Renders its route only for visitors allowed on it (see `redirectFor`), else redirects. */
export function AccessGuard({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const hasToken = useAuthToken() !== null;
  const redirect = redirectFor(access, hasToken);
  return redirect ? <Navigate to={redirect} replace /> : children;
}
