import { AUTH_TOASTS } from '@netpulse/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Captcha } from '../../../components/captcha/captcha';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FieldError } from '../../../components/ui/field-error';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { TextLink } from '../../../components/ui/text-link';
import { paths } from '../../../config/paths';
import { failureMessage } from '../../../lib/api-error-message';
import { useLogin } from '../api/login';
import { useCaptchaState } from '../hooks/use-captcha-state';
import type { loginResolver } from '../login-resolver';
import { showServerFieldErrors } from '../server-field-errors';

/** The form's zod checks, fetched on the first validation so the login page does not carry zod. */
const lazyLoginResolver: typeof loginResolver = async (...args) =>
  (await import('../login-resolver')).loginResolver(...args);

export function LoginForm() {
  const navigate = useNavigate();
  const captcha = useCaptchaState();
  // Kept for the familiar checkbox; the spec does not send its value.
  const [rememberMe, setRememberMe] = useState(true);
  const form = useForm({
    resolver: lazyLoginResolver,
    mode: 'onTouched',
    defaultValues: { emailOrUsername: '', password: '' },
  });
  const { errors } = form.formState;
  const loginMutation = useLogin({
    onSuccess: () => {
      toast.success(AUTH_TOASTS.loginSuccess);
      navigate(paths.dashboard.href());
    },
    onError: (error) => {
      toast.error(
        failureMessage(error, {
          failed: AUTH_TOASTS.loginFailure,
          exception: AUTH_TOASTS.loginRejected,
        }),
      );
      showServerFieldErrors(error, form.setError, ['emailOrUsername', 'password']);
      captcha.showServerError(error);
      captcha.reset();
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    const captchaResponse = captcha.require();
    if (captchaResponse) loginMutation.mutate({ ...values, captchaResponse });
  }, captcha.flagIfMissing);

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <TextField
        label="Email or username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.emailOrUsername?.message}
        {...form.register('emailOrUsername')}
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Checkbox
          name="rememberMe"
          label="Remember me"
          checked={rememberMe}
          onChange={(event) => setRememberMe(event.target.checked)}
        />
        <TextLink to={paths.forgotPassword.href()} className="text-sm">
          Forgot password?
        </TextLink>
      </div>
      <div className="flex flex-col gap-1.5">
        <Captcha
          onVerify={captcha.onVerify}
          onExpire={captcha.onExpire}
          resetKey={captcha.resetKey}
        />
        <FieldError id="login-captcha-error" message={captcha.error} />
      </div>
      <Button type="submit" isLoading={loginMutation.isPending} className="w-full">
        Log in
      </Button>
    </form>
  );
}
