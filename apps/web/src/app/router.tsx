import { lazy, useEffect, useState, type ComponentType } from 'react';
import {
  matchRoutes,
  Navigate,
  useLocation,
  useNavigate,
  useRoutes,
  type RouteObject,
} from '@/lib/router';
import { paths } from '@/config/paths';
import { LoginScreen } from '@/features/auth/components/login-screen';
import type { CatalogPart } from '@netpulse/i18n';
import { ensureCatalogPart } from '@/lib/i18n/active-locale';
import { registerNavigate } from '@/lib/navigation';
import { AccessGuard } from './access-guard';
import { PublicLayout } from './layouts/public-layout';
import { redirectFor, type RouteAccess } from './route-access';
import { RouteErrorBoundary } from './route-error';

type LazyScreen = ComponentType & { preload: () => Promise<unknown> };

/**
 * A screen whose code is fetched on first visit, so the login page stays small.
 * It comes with server state (TanStack Query), which the login page does without, and the
 * catalog's `rest` with the part of its own texts, if it has one (`ownTexts`: catalog-parts.ts).
 * `preload` fetches it ahead; once loaded it renders at once instead of suspending.
 */
function lazyScreen<Module>(
  load: () => Promise<Module>,
  exportName: keyof Module,
  ownTexts: readonly CatalogPart[] = [],
): LazyScreen {
  let Loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= Promise.all([
      load(),
      import('@/lib/server-state-provider'),
      ensureCatalogPart('rest'),
      ...ownTexts.map((part) => ensureCatalogPart(part)),
    ]).then(([module, { ServerStateProvider }]) => {
      const Screen = module[exportName] as ComponentType;
      Loaded = () => (
        <ServerStateProvider>
          <Screen />
        </ServerStateProvider>
      );
      return Loaded;
    }));
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Component() {
    // Chosen once per mount: switching from Lazy to Loaded would remount the screen.
    const [Screen] = useState<ComponentType>(() => Loaded ?? Lazy);
    return <Screen />;
  }
  return Object.assign(Component, { preload });
}

/** What a route's lazy code needs to be fetched ahead: its loader and who may see it. */
interface RouteCode {
  preload: () => Promise<unknown>;
  access: RouteAccess;
}

/** A route showing a lazy screen, with the screen's code in its handle (see `preloadPage`). */
function lazyRoute(path: string, Screen: LazyScreen, access: RouteAccess): RouteObject {
  return { path, element: <Screen />, handle: { preload: Screen.preload, access } };
}

const SignedInLayout = lazyScreen(
  () => import('./layouts/signed-in/signed-in-layout'),
  'SignedInLayout',
);
const RegisterScreen = lazyScreen(
  () => import('@/features/auth/components/register-screen'),
  'RegisterScreen',
  ['guest'],
);
const VerifyEmailScreen = lazyScreen(
  () => import('@/features/auth/components/verify-email-screen'),
  'VerifyEmailScreen',
  ['guest'],
);
const CheckInboxScreen = lazyScreen(
  () => import('@/features/auth/components/check-inbox-screen'),
  'CheckInboxScreen',
  ['guest'],
);
const InstallScreen = lazyScreen(
  () => import('@/features/install/components/install-screen'),
  'InstallScreen',
  ['install'],
);
const ForgotPasswordScreen = lazyScreen(
  () => import('@/features/auth/components/forgot-password-screen'),
  'ForgotPasswordScreen',
  ['guest'],
);
const ResetPasswordScreen = lazyScreen(
  () => import('@/features/auth/components/reset-password-screen'),
  'ResetPasswordScreen',
  ['guest'],
);
const DashboardScreen = lazyScreen(
  () => import('@/features/dashboard/components/dashboard-screen'),
  'DashboardScreen',
);
const NodesScreen = lazyScreen(
  () => import('@/features/nodes/components/nodes-screen'),
  'NodesScreen',
  ['nodes'],
);
const ReferralScreen = lazyScreen(
  () => import('@/features/referrals/components/referral-screen'),
  'ReferralScreen',
  ['referrals'],
);
const QuestsScreen = lazyScreen(
  () => import('@/features/quests/components/quests-screen'),
  'QuestsScreen',
  ['quests'],
);
const TransactionHistoryScreen = lazyScreen(
  () => import('@/features/transaction-history/components/transaction-history-screen'),
  'TransactionHistoryScreen',
  ['transactions'],
);
const EarningsScreen = lazyScreen(
  () => import('@/features/earnings/components/earnings-screen'),
  'EarningsScreen',
);
const DiscordAuthScreen = lazyScreen(
  () => import('@/features/discord-auth/components/discord-auth-screen'),
  'DiscordAuthScreen',
);
const SettingsScreen = lazyScreen(
  () => import('@/features/settings/components/settings-screen'),
  'SettingsScreen',
  ['account'],
);
const NotificationsScreen = lazyScreen(
  () => import('@/features/notifications/components/notifications-screen'),
  'NotificationsScreen',
  ['notifications'],
);
const EmailChangeConfirmScreen = lazyScreen(
  () => import('@/features/settings/components/email-link-screen'),
  'EmailChangeConfirmScreen',
  ['account'],
);
const EmailChangeUndoScreen = lazyScreen(
  () => import('@/features/settings/components/email-link-screen'),
  'EmailChangeUndoScreen',
  ['account'],
);
const UnsubscribeScreen = lazyScreen(
  () => import('@/features/settings/components/unsubscribe-screen'),
  'UnsubscribeScreen',
  ['account'],
);
const ExplorerScreen = lazyScreen(
  () => import('@/features/explorer/components/explorer-screen'),
  'ExplorerScreen',
  ['explorer'],
);
const TermsScreen = lazyScreen(
  () => import('@/features/legal/components/terms-screen'),
  'TermsScreen',
  ['legal'],
);
const PrivacyScreen = lazyScreen(
  () => import('@/features/legal/components/privacy-screen'),
  'PrivacyScreen',
  ['legal'],
);

/**
 * The console (issue 18): one route here, `/admin/*`; its guard is lazy, and its
 * layout and screens (with their own routes) are one lazy chunk the guard fetches
 * only for an admin. It carries no preload handle: `preloadPage` does not know the role.
 */
const AdminGuard = lazyScreen(() => import('./admin-guard'), 'AdminGuard');

/** Spec section 2, "Route access"; `redirectFor` holds the rules. */
export const routes: RouteObject[] = [
  {
    // `/` is the login screen when logged out and the dashboard when logged in.
    path: paths.home.path,
    element: (
      <AccessGuard access="home">
        <PublicLayout />
      </AccessGuard>
    ),
    children: [{ index: true, element: <LoginScreen /> }],
  },
  {
    element: (
      <AccessGuard access="guest">
        <PublicLayout />
      </AccessGuard>
    ),
    children: [
      { path: paths.login.path, element: <LoginScreen /> },
      lazyRoute(paths.register.path, RegisterScreen, 'guest'),
      lazyRoute(paths.verifyEmail.path, VerifyEmailScreen, 'guest'),
      lazyRoute(paths.checkInbox.path, CheckInboxScreen, 'guest'),
      lazyRoute(paths.forgotPassword.path, ForgotPasswordScreen, 'guest'),
      lazyRoute(paths.resetPassword.path, ResetPasswordScreen, 'guest'),
    ],
  },
  {
    element: (
      <AccessGuard access="signed-in">
        <SignedInLayout />
      </AccessGuard>
    ),
    handle: { preload: SignedInLayout.preload, access: 'signed-in' } satisfies RouteCode,
    children: [
      lazyRoute(paths.dashboard.path, DashboardScreen, 'signed-in'),
      lazyRoute(paths.nodes.path, NodesScreen, 'signed-in'),
      lazyRoute(paths.referral.path, ReferralScreen, 'signed-in'),
      lazyRoute(paths.quests.path, QuestsScreen, 'signed-in'),
      lazyRoute(paths.transactionHistory.path, TransactionHistoryScreen, 'signed-in'),
      lazyRoute(paths.earnings.path, EarningsScreen, 'signed-in'),
      lazyRoute(paths.discordAuth.path, DiscordAuthScreen, 'signed-in'),
      lazyRoute(paths.settings.path, SettingsScreen, 'signed-in'),
      lazyRoute(paths.notifications.path, NotificationsScreen, 'signed-in'),
      { path: `${paths.admin.path}/*`, element: <AdminGuard /> },
    ],
  },
  {
    // Linked from the register form, so reachable logged in or out.
    element: <PublicLayout />,
    children: [
      lazyRoute(paths.terms.path, TermsScreen, 'public'),
      lazyRoute(paths.privacy.path, PrivacyScreen, 'public'),
      lazyRoute(paths.install.path, InstallScreen, 'public'),
      lazyRoute(paths.explorer.path, ExplorerScreen, 'public'),
      lazyRoute(paths.emailChangeConfirm.path, EmailChangeConfirmScreen, 'public'),
      lazyRoute(paths.emailChangeUndo.path, EmailChangeUndoScreen, 'public'),
      lazyRoute(paths.unsubscribe.path, UnsubscribeScreen, 'public'),
    ],
  },
  { path: '*', element: <Navigate to={paths.home.href()} replace /> },
];

/**
 * Fetches the lazy code of the page at `pathname` (the signed-in layout and the
 * screen, say) side by side, rather than each only once its parent rendered;
 * only what the route guards will show someone `signedIn` (or not).
 */
export function preloadPage(pathname: string, signedIn: boolean): Promise<unknown> {
  const codes = (matchRoutes(routes, pathname) ?? [])
    .map(({ route }) => route.handle as RouteCode | undefined)
    .filter((code) => code && redirectFor(code.access, signedIn) === null);
  return Promise.all(codes.map((code) => code?.preload()));
}

/**
 * The app's screens for the address the router around it holds (the browser's in main.tsx, a
 * memory one in the prerender): a screen that throws, or whose code cannot be loaded, shows
 * the route error instead, until the address changes.
 */
export function AppRoutes() {
  const navigate = useNavigate();
  const location = useLocation();
  // The API client sends the user to /login from outside React after a failed refresh.
  useEffect(() => registerNavigate((to) => void navigate(to, { replace: true })), [navigate]);
  const screens = useRoutes(routes);
  return <RouteErrorBoundary locationKey={location.key}>{screens}</RouteErrorBoundary>;
}
