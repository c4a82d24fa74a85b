import { Navigate, useRoutes, type RouteObject } from '@/lib/router';
import { paths } from '@/config/paths';
import { AnnouncementsScreen } from '@/features/admin/components/announcements-screen';
import { AuditScreen } from '@/features/admin/components/audit-screen';
import { ConsoleLayout } from '@/features/admin/components/console-layout';
import { CyclesScreen } from '@/features/admin/components/cycles-screen';
import { FraudScreen } from '@/features/admin/components/fraud-screen';
import { InvitesScreen } from '@/features/admin/components/invites-screen';
import { JobsScreen } from '@/features/admin/components/jobs-screen';
import { OverviewScreen } from '@/features/admin/components/overview-screen';
import { ReviewsScreen } from '@/features/admin/components/reviews-screen';
import { UserScreen } from '@/features/admin/components/user-screen';
import { UsersScreen } from '@/features/admin/components/users-screen';

/**
 * The console's routes, mounted by the app's router at `/admin/*` behind the admin guard (their
 * paths are whole addresses, as the app's are). They live in the console's chunk, not in the
 * router every page loads, so a member's bundle holds one route for the console and none of
 * its code.
 */
const CONSOLE_ROUTES: RouteObject[] = [
  {
    element: <ConsoleLayout />,
    children: [
      { path: paths.admin.path, element: <OverviewScreen /> },
      { path: paths.adminUsers.path, element: <UsersScreen /> },
      { path: paths.adminUser.path, element: <UserScreen /> },
      { path: paths.adminInvites.path, element: <InvitesScreen /> },
      { path: paths.adminCycles.path, element: <CyclesScreen /> },
      { path: paths.adminReviews.path, element: <ReviewsScreen /> },
      { path: paths.adminFraud.path, element: <FraudScreen /> },
      { path: paths.adminAudit.path, element: <AuditScreen /> },
      {
        path: paths.adminAnnouncements.path,
        element: <AnnouncementsScreen />,
      },
      { path: paths.adminJobs.path, element: <JobsScreen /> },
      { path: `${paths.admin.path}/*`, element: <Navigate to={paths.admin.href()} replace /> },
    ],
  },
];

export function ConsoleRoutes() {
  return useRoutes(CONSOLE_ROUTES);
}
