import { isTwoFactorChallenge, isUnverifiedRefusal } from '@netpulse/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from '@/lib/router';
import { LoadingState } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { showFormFailure } from '@/lib/form-failure';
import { isApiError } from '@/lib/api-client';
import { ensureCatalogPart } from '@/lib/i18n/active-locale';
import { ServerStateProvider } from '@/lib/server-state-provider';
import { useLogin } from '@/features/auth/api/login';
import { usePasskeySignIn } from '@/features/auth/api/passkey-sign-in';
import { useCaptchaState } from '@/features/auth/hooks/use-captcha-state';
import { useFinishSignIn } from '@/features/auth/hooks/use-finish-sign-in';
import { LOGIN_FAILURE_TEXTS, tellBanInNotice } from '@/features/auth/login-failure';
import type { loginResolver } from '@/features/auth/login-resolver';
import { takeEarlyFormUse } from '@/features/auth/early-form-use';
import { passkeySignInFailure } from '@/features/auth/passkey-sign-in-failure';
import type { CheckInboxState } from './check-inbox-screen';
import { LoginFormFields } from './login-form-fields';

/** The form's zod checks, fetched on the first validation so the login page does not carry zod. */
const lazyLoginResolver: typeof loginResolver = async (...args) =>
  (await import('@/features/auth/login-resolver')).loginResolver(...args);

/**
 * The second step of a two-factor login, with its texts (they are not in the first load's part
 * of the catalog): fetched only when a password answers with a challenge.
 */
const TwoFactorStep = lazy(async () => {
  const [step] = await Promise.all([import('./two-factor-step'), ensureCatalogPart('rest')]);
  return { default: step.TwoFactorStep };
});

const LOGIN_FIELDS = ['emailOrUsername', 'password'] as const;
const isLoginField = (name: string): name is (typeof LOGIN_FIELDS)[number] =>
  (LOGIN_FIELDS as readonly string[]).includes(name);

function LoginFormLogic() {
  const navigate = useNavigate();
  const finishSignIn = useFinishSignIn();
  const captcha = useCaptchaState();
  // Kept for the familiar checkbox; the spec does not send its value.
  const [rememberMe, setRememberMe] = useState(true);
  /** The password step's challenge, while the second step shows (two-factor sign-in on). */
  const [challenge, setChallenge] = useState<string | null>(null);
  // What someone typed into the prerendered form before this code arrived is
  // kept: react-hook-form keeps a field edited before it registered it.
  const form = useForm({
    resolver: lazyLoginResolver,
    mode: 'onTouched',
    defaultValues: { emailOrUsername: '', password: '' },
  });
  const { errors } = form.formState;
  const loginMutation = useLogin({
    onSuccess: (answer) => {
      if (isTwoFactorChallenge(answer)) setChallenge(answer.challenge);
      else finishSignIn(answer.accessToken);
    },
    onError: (error) => {
      // A ban is said once, in the notice above the form, not as a toast too.
      if (tellBanInNotice(error)) {
        captcha.reset();
        return;
      }
      // Not verified yet: the screen that names the address and resends the link.
      const refusal = isApiError(error) ? error.envelope?.data : undefined;
      if (isUnverifiedRefusal(refusal)) {
        const state: CheckInboxState = {
          email: refusal.email,
          resendAfterSeconds: 0,
          fromLogin: true,
        };
        navigate(paths.checkInbox.href(), { state });
        return;
      }
      showFormFailure(error, {
        setError: form.setError,
        fields: LOGIN_FIELDS,
        shownElsewhere: ['captchaResponse'],
        texts: LOGIN_FAILURE_TEXTS,
      });
      captcha.showServerError(error);
      captcha.reset();
    },
  });
  const passkeySignIn = usePasskeySignIn({
    onSuccess: ({ accessToken }) => finishSignIn(accessToken),
    onError: passkeySignInFailure,
  });

  // What was done before this code arrived (early-form-use.ts): a field left is
  // validated as leaving it would have, a press of the passkey button is answered.
  useEffect(() => {
    const early = takeEarlyFormUse();
    for (const name of early.leftFields) {
      if (!isLoginField(name)) continue;
      form.setValue(name, form.getValues(name), { shouldTouch: true, shouldValidate: true });
    }
    if (early.passkeyPressed) passkeySignIn.mutate();
    // Once, as the form mounts: what it answers happened before it was there.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = form.handleSubmit((values) => {
    const captchaResponse = captcha.require();
    if (captchaResponse) loginMutation.mutate({ ...values, captchaResponse });
  }, captcha.flagIfMissing);

  if (challenge !== null) {
    return (
      <Suspense fallback={<LoadingState className="py-6" />}>
        <TwoFactorStep
          challenge={challenge}
          onSignedIn={finishSignIn}
          onRestart={() => {
            setChallenge(null);
            captcha.reset();
          }}
        />
      </Suspense>
    );
  }

  return (
    <LoginFormFields
      onSubmit={onSubmit}
      emailOrUsername={{
        ...form.register('emailOrUsername'),
        error: errors.emailOrUsername?.message,
      }}
      password={{ ...form.register('password'), error: errors.password?.message }}
      rememberMe={rememberMe}
      onRememberMeChange={setRememberMe}
      captcha={{
        onVerify: captcha.onVerify,
        onExpire: captcha.onExpire,
        resetKey: captcha.resetKey,
        error: captcha.error,
      }}
      isSubmitting={loginMutation.isPending}
      onPasskeySignIn={() => passkeySignIn.mutate()}
      passkeyPending={passkeySignIn.isPending}
    />
  );
}

/** The login form with its logic: react-hook-form, the login mutations, the toasts. */
export default function LoginForm() {
  return (
    <ServerStateProvider>
      <LoginFormLogic />
    </ServerStateProvider>
  );
}
