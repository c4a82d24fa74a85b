import { lazy } from 'react';
import { Navigate } from '@/lib/router';
import { useUserProfile } from '@/api/get-user-profile';
import { ErrorState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/spinner';
import { ensureCatalogPart } from '@/lib/i18n/active-locale';
import { useIntl } from '@/lib/i18n/use-intl';
import { consoleAccess } from './route-access';

// The console's layout, screens and routes: a chunk of its own, fetched only for an admin,
// with the console's part of the catalog (its texts reach no member's page) and the ledger's
// labels, which it shares with a member's transaction history (lib/transaction-labels.ts).
const ConsoleRoutes = lazy(async () => {
  const [routes] = await Promise.all([
    import('@/features/admin/console-routes'),
    ensureCatalogPart('console'),
    ensureCatalogPart('transactions'),
  ]);
  return { default: routes.ConsoleRoutes };
});

/**
 * Renders the console (`/admin/*`) only for an admin (see `consoleAccess`); a member
 * is sent to the dashboard before the console's code is fetched. The guard is lazy
 * itself: it reads the profile with TanStack Query, which the login page does without.
 */
export function AdminGuard() {
  const intl = useIntl();
  const profile = useUserProfile();
  const access = consoleAccess({ role: profile.data?.role, failed: profile.isError });
  if (access === 'show') return <ConsoleRoutes />;
  if (access === 'wait') {
    return (
      <LoadingState
        label={intl.formatMessage({
          id: 'adminGuard.checking',
          defaultMessage: 'Checking your access…',
        })}
      />
    );
  }
  if (access === 'failed') {
    return (
      <ErrorState
        message={intl.formatMessage({
          id: 'adminGuard.profileFailed',
          defaultMessage: 'Your profile could not be loaded, so the console cannot open.',
        })}
        onRetry={() => void profile.refetch()}
      />
    );
  }
  return <Navigate to={access.redirect} replace />;
}
