import { AUTH_TOASTS, isBannedRefusal, isUnverifiedRefusal } from '@netpulse/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { showFormFailure } from '@/lib/form-failure';
import { isApiError } from '@/lib/api-client';
import { clearSignOutNotice, rememberBan } from '@/lib/sign-out-notice';
import { ServerStateProvider } from '@/lib/server-state-provider';
import { toast } from '@/lib/toast';
import { useLogin } from '@/features/auth/api/login';
import { useCaptchaState } from '@/features/auth/hooks/use-captcha-state';
import type { loginResolver } from '@/features/auth/login-resolver';
import type { CheckInboxState } from './check-inbox-screen';
import { LoginFormFields } from './login-form-fields';

/** The form's zod checks, fetched on the first validation so the login page does not carry zod. */
const lazyLoginResolver: typeof loginResolver = async (...args) =>
  (await import('@/features/auth/login-resolver')).loginResolver(...args);

function LoginFormLogic() {
  const navigate = useNavigate();
  const captcha = useCaptchaState();
  // Kept for the familiar checkbox; the spec does not send its value.
  const [rememberMe, setRememberMe] = useState(true);
  // What someone typed into the prerendered form before this code arrived is
  // kept: react-hook-form keeps a field edited before it registered it.
  const form = useForm({
    resolver: lazyLoginResolver,
    mode: 'onTouched',
    defaultValues: { emailOrUsername: '', password: '' },
  });
  const { errors } = form.formState;
  const loginMutation = useLogin({
    onSuccess: () => {
      clearSignOutNotice();
      toast.success(AUTH_TOASTS.loginSuccess);
      navigate(paths.dashboard.href());
    },
    onError: (error) => {
      // A ban is said once, in the notice above the form (docs/decisions/033), not as a toast too.
      const refusal = isApiError(error) ? error.envelope?.data : undefined;
      if (isBannedRefusal(refusal)) {
        rememberBan(refusal.reason);
        captcha.reset();
        return;
      }
      // Not verified yet: the screen that names the address and resends the link.
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
        fields: ['emailOrUsername', 'password'],
        shownElsewhere: ['captchaResponse'],
        texts: { failed: AUTH_TOASTS.loginFailure, exception: AUTH_TOASTS.loginRejected },
      });
      captcha.showServerError(error);
      captcha.reset();
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    const captchaResponse = captcha.require();
    if (captchaResponse) loginMutation.mutate({ ...values, captchaResponse });
  }, captcha.flagIfMissing);

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
    />
  );
}

/** The login form with its logic: react-hook-form, the login mutation, the toasts. */
export default function LoginForm() {
  return (
    <ServerStateProvider>
      <LoginFormLogic />
    </ServerStateProvider>
  );
}
