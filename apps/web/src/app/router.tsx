import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { LoginScreen } from '../features/auth/components/login-screen';
import { authStore } from '../lib/auth-store';
import { registerNavigate } from '../lib/navigation';
import { AccessGuard } from './access-guard';
import { PublicLayout } from './layouts/public-layout';
import { RouteError } from './route-error';

/** A screen whose code is fetched on first visit, so the login page stays small. */
function lazyScreen<Module>(load: () => Promise<Module>, exportName: keyof Module) {
  let loading: Promise<Module> | undefined;
  const loadOnce = () => (loading ??= load());
  const Screen = lazy(async () => ({ default: (await loadOnce())[exportName] as ComponentType }));
  return Object.assign(Screen, { preload: loadOnce });
}

/** What the first page shown needs beyond the entry: fetched at once, not layout then screen. */
interface Preload {
  preload?: () => unknown;
  /** Only worth fetching for someone signed in (else the guard sends them to /login). */
  signedIn?: boolean;
}

const SignedInLayout = lazyScreen(
  () => import('./layouts/signed-in/signed-in-layout'),
  'SignedInLayout',
);
const RegisterScreen = lazyScreen(
  () => import('../features/auth/components/register-screen'),
  'RegisterScreen',
);
const VerifyEmailScreen = lazyScreen(
  () => import('../features/auth/components/verify-email-screen'),
  'VerifyEmailScreen',
);
const ForgotPasswordScreen = lazyScreen(
  () => import('../features/auth/components/forgot-password-screen'),
  'ForgotPasswordScreen',
);
const ResetPasswordScreen = lazyScreen(
  () => import('../features/auth/components/reset-password-screen'),
  'ResetPasswordScreen',
);
const DashboardScreen = lazyScreen(
  () => import('../features/dashboard/components/dashboard-screen'),
  'DashboardScreen',
);
const ReferralScreen = lazyScreen(
  () => import('../features/referral/components/referral-screen'),
  'ReferralScreen',
);
const QuestsScreen = lazyScreen(
  () => import('../features/quests/components/quests-screen'),
  'QuestsScreen',
);
const TransactionHistoryScreen = lazyScreen(
  () => import('../features/transaction-history/components/transaction-history-screen'),
  'TransactionHistoryScreen',
);
const EarningsScreen = lazyScreen(
  () => import('../features/earnings/components/earnings-screen'),
  'EarningsScreen',
);
const DiscordAuthScreen = lazyScreen(
  () => import('../features/discord-auth/components/discord-auth-screen'),
  'DiscordAuthScreen',
);
const TermsScreen = lazyScreen(
  () => import('../features/legal/components/terms-screen'),
  'TermsScreen',
);
const PrivacyScreen = lazyScreen(
  () => import('../features/legal/components/privacy-screen'),
  'PrivacyScreen',
);

/** Spec section 2, "Route access"; `redirectFor` holds the rules. */
const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
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
          { path: paths.register.path, element: <RegisterScreen /> },
          { path: paths.verifyEmail.path, element: <VerifyEmailScreen /> },
          { path: paths.forgotPassword.path, element: <ForgotPasswordScreen /> },
          { path: paths.resetPassword.path, element: <ResetPasswordScreen /> },
        ],
      },
      {
        element: (
          <AccessGuard access="signed-in">
            <SignedInLayout />
          </AccessGuard>
        ),
        handle: { preload: SignedInLayout.preload, signedIn: true } satisfies Preload,
        children: (
          [
            [paths.dashboard.path, DashboardScreen],
            [paths.referral.path, ReferralScreen],
            [paths.quests.path, QuestsScreen],
            [paths.transactionHistory.path, TransactionHistoryScreen],
            [paths.earnings.path, EarningsScreen],
            [paths.discordAuth.path, DiscordAuthScreen],
          ] as const
        ).map(([path, Screen]) => ({
          path,
          element: <Screen />,
          handle: { preload: Screen.preload, signedIn: true } satisfies Preload,
        })),
      },
      {
        // Linked from the register form, so reachable logged in or out.
        element: <PublicLayout />,
        children: [
          { path: paths.terms.path, element: <TermsScreen /> },
          { path: paths.privacy.path, element: <PrivacyScreen /> },
        ],
      },
      { path: '*', element: <Navigate to={paths.home.href()} replace /> },
    ],
  },
];

/** Starts fetching the lazy layout and screen of the page being opened, side by side. */
function preloadFirstPage() {
  const signedIn = authStore.getToken() !== null;
  for (const { route } of matchRoutes(routes, window.location) ?? []) {
    const handle = route.handle as Preload | undefined;
    if (handle?.preload && (signedIn || !handle.signedIn)) void handle.preload();
  }
}

export function createAppRouter() {
  preloadFirstPage();
  const router = createBrowserRouter(routes);
  // The API client sends the user to /login from outside React after a failed refresh.
  registerNavigate((to) => void router.navigate(to, { replace: true }));
  return router;
}
