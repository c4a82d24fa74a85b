import { Navigate, useRoutes } from 'react-router';
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

/** A console path as its routes here take it: relative to `/admin`, where they are mounted. */
export function consoleRoutePath(path: string): string {
  const base = `${paths.admin.path}/`;
  if (!path.startsWith(base)) throw new Error(`${path} is not a console path.`);
  return path.slice(base.length);
}

/**
 * The console's routes, mounted by the app's router at `/admin/*` behind the admin
 * guard. They live in the console's chunk, not in the router every page loads, so a
 * member's bundle holds one route for the console and none of its code.
 */
export function ConsoleRoutes() {
  // Route objects rather than <Routes> children: <Route> would add to the router's vendor chunk.
  return useRoutes([
    {
      element: <ConsoleLayout />,
      children: [
        { index: true, element: <OverviewScreen /> },
        { path: consoleRoutePath(paths.adminUsers.path), element: <UsersScreen /> },
        { path: consoleRoutePath(paths.adminUser.path), element: <UserScreen /> },
        { path: consoleRoutePath(paths.adminInvites.path), element: <InvitesScreen /> },
        { path: consoleRoutePath(paths.adminCycles.path), element: <CyclesScreen /> },
        { path: consoleRoutePath(paths.adminReviews.path), element: <ReviewsScreen /> },
        { path: consoleRoutePath(paths.adminFraud.path), element: <FraudScreen /> },
        { path: consoleRoutePath(paths.adminAudit.path), element: <AuditScreen /> },
        {
          path: consoleRoutePath(paths.adminAnnouncements.path),
          element: <AnnouncementsScreen />,
        },
        { path: consoleRoutePath(paths.adminJobs.path), element: <JobsScreen /> },
        { path: '*', element: <Navigate to={paths.admin.href()} replace /> },
      ],
    },
  ]);
}
