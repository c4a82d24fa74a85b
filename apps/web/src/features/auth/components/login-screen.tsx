import { lazy, Suspense, useSyncExternalStore } from 'react';
import { AdSlot } from '@/components/ads/ad-slot';
import { useAdScript } from '@/components/ads/use-ad-script';
import { TextLink } from '@/components/ui/text-link';
import { useIntl } from '@/lib/i18n/use-intl';
import { getPublicConfig } from '@/config/public-config';
import { paths } from '@/config/paths';
import { firstInteraction } from '@/lib/first-interaction';
import { isPrerenderedPage } from '@/lib/prerender';
import { signOutNoticeSnapshot, subscribeSignOutNotice } from '@/lib/sign-out-notice';
import { loadToasts } from '@/lib/toast';
import { noteFormUseUntilMounted } from '@/features/auth/early-form-use';
import { AuthCard } from '@/components/ui/auth-card';
import { LoginFormFields } from './login-form-fields';

/**
 * The form's logic (react-hook-form, TanStack Query, about 25 KB gzip). When
 * /login came prerendered, the form is on screen and typing works without it,
 * so it is fetched at the first interaction; React keeps the prerendered form
 * until then and hydrates it in place (focus and typed text stay).
 */
const LoginForm = lazy(async () => {
  // (The build's own render, import.meta.env.SSR, renders the form at once.)
  if (isPrerenderedPage(paths.login.path) && !import.meta.env.SSR) {
    noteFormUseUntilMounted();
    await firstInteraction();
  }
  // Whoever uses the form gets a toast from its first submit.
  void loadToasts();
  return import('./login-form');
});

/** Shown only to a tab a ban signed out, so its code stays out of every other /login. */
const BannedNotice = lazy(async () => ({
  default: (await import('./banned-notice')).BannedNotice,
}));

/** The prerendered /login has no notice; the browser's render reads the tab's. */
const noNoticeOnTheServer = () => null;

function SignOutNoticeSlot() {
  const notice = useSyncExternalStore(
    subscribeSignOutNotice,
    signOutNoticeSnapshot,
    noNoticeOnTheServer,
  );
  if (notice === null) return null;
  return (
    <Suspense fallback={null}>
      <BannedNotice />
    </Suspense>
  );
}

const noop = () => {};

/** The form while its logic loads (a screen opened in the app, not prerendered). */
function InertLoginForm() {
  return (
    <LoginFormFields
      emailOrUsername={{ name: 'emailOrUsername' }}
      password={{ name: 'password' }}
      rememberMe
      onRememberMeChange={noop}
      captcha={{ onVerify: noop, onExpire: noop, resetKey: 0 }}
      isSubmitting={false}
    />
  );
}

/**
 * Login (at / and /login). With an ad script configured (AD_SCRIPT_URL), its
 * two ad blocks: beside the form on wide screens, below it otherwise. Without
 * one, none: an empty slot would only look broken (docs/decisions/014).
 */
export function LoginScreen() {
  const { productName, adScriptUrl } = getPublicConfig();
  const intl = useIntl();
  useAdScript(adScriptUrl);

  return (
    <div className="flex w-full flex-col items-center gap-8 xl:flex-row xl:items-center xl:justify-center">
      <AuthCard
        title={intl.formatMessage({ id: 'login.title', defaultMessage: 'Log in' })}
        description={intl.formatMessage(
          {
            id: 'login.welcome',
            defaultMessage: 'Welcome back to {productName}. Log in to keep earning Bytes.',
          },
          { productName },
        )}
        footer={
          <>
            {intl.formatMessage(
              {
                id: 'login.noAccount',
                defaultMessage: "Don't have an account? <link>Sign up</link>",
              },
              { link: (text) => <TextLink to={paths.register.href()}>{text}</TextLink> },
            )}
            <span className="mt-2 block">
              {intl.formatMessage(
                {
                  id: 'login.explorer',
                  defaultMessage: '<link>See what the network measures</link>, no account needed.',
                },
                { link: (text) => <TextLink to={paths.explorer.href()}>{text}</TextLink> },
              )}
            </span>
          </>
        }
        className="xl:order-2"
      >
        <SignOutNoticeSlot />
        <Suspense fallback={<InertLoginForm />}>
          <LoginForm />
        </Suspense>
      </AuthCard>
      {adScriptUrl && (
        <div className="flex flex-wrap justify-center gap-8 xl:contents">
          <AdSlot
            slot="login-1"
            label={intl.formatMessage(
              { id: 'login.advertisement', defaultMessage: 'Advertisement {number}' },
              { number: 1 },
            )}
            className="xl:order-1"
          />
          <AdSlot
            slot="login-2"
            label={intl.formatMessage(
              { id: 'login.advertisement', defaultMessage: 'Advertisement {number}' },
              { number: 2 },
            )}
            className="xl:order-3"
          />
        </div>
      )}
    </div>
  );
}
