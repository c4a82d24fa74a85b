import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { LoginScreen } from '../features/auth/components/login-screen';
import { registerNavigate } from '../lib/navigation';
import { AccessGuard } from './access-guard';
import { PublicLayout } from './layouts/public-layout';
import { RouteError } from './route-error';

/**
 * A screen whose code is fetched on first visit, so the login page stays small.
 * It comes with server state (TanStack Query), which the login page does without.
 */
function lazyScreen<Module>(load: () => Promise<Module>, exportName: keyof Module) {
  return lazy(async () => {
    const [module, { ServerStateProvider }] = await Promise.all([
      load(),
      import('../lib/server-state-provider'),
    ]);
    const Screen = module[exportName] as ComponentType;
    return {
      default: () => (
        <ServerStateProvider>
          <Screen />
        </ServerStateProvider>
      ),
    };
  });
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
export const routes: RouteObject[] = [
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
        children: [
          { path: paths.dashboard.path, element: <DashboardScreen /> },
          { path: paths.referral.path, element: <ReferralScreen /> },
          { path: paths.quests.path, element: <QuestsScreen /> },
          { path: paths.transactionHistory.path, element: <TransactionHistoryScreen /> },
          { path: paths.earnings.path, element: <EarningsScreen /> },
          { path: paths.discordAuth.path, element: <DiscordAuthScreen /> },
        ],
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

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  // The API client sends the user to /login from outside React after a failed refresh.
  registerNavigate((to) => void router.navigate(to, { replace: true }));
  return router;
}
