import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_TOASTS, registerFormSchema, VERIFICATION_RESEND } from '@netpulse/shared';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from '@/lib/router';
import { Captcha } from '@/components/captcha/captcha';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/field-error';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { TextLink } from '@/components/ui/text-link';
import { getPublicConfig } from '@/config/public-config';
import { paths } from '@/config/paths';
import { useIntl } from '@/lib/i18n/use-intl';
import { showFormFailure } from '@/lib/form-failure';
import { useRegister } from '@/features/auth/api/register';
import { useCaptchaState } from '@/features/auth/hooks/use-captcha-state';
import { AuthCard } from '@/components/ui/auth-card';
import type { CheckInboxState } from './check-inbox-screen';

const REGISTER_FIELDS = [
  'email',
  'username',
  'password',
  'confirmPassword',
  'referralCode',
] as const;

/** A link in the consent label; opens in a new tab so the half-filled form survives. */
function PolicyLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <TextLink to={to} target="_blank" rel="noopener noreferrer">
      {children}
    </TextLink>
  );
}

export function RegisterScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const searchParams = useSearchParams();
  const captcha = useCaptchaState();
  const form = useForm({
    resolver: zodResolver(registerFormSchema),
    mode: 'onTouched',
    defaultValues: {
      email: '',
      username: '',
      password: '',
      confirmPassword: '',
      referralCode: searchParams.get('ref') ?? '',
      privacyPolicy: false,
    },
  });
  const { errors } = form.formState;

  const registerMutation = useRegister({
    // The next screen names the address and offers a resend, instead of the spec's toast
    // and a trip back to the login (docs/decisions/033).
    onSuccess: (_answer, request) => {
      const state: CheckInboxState = {
        email: request.email,
        resendAfterSeconds: VERIFICATION_RESEND.intervalSeconds,
      };
      navigate(paths.checkInbox.href(), { state });
    },
    onError: (error) => {
      showFormFailure(error, {
        setError: form.setError,
        fields: REGISTER_FIELDS,
        shownElsewhere: ['captchaResponse'],
        texts: { failed: AUTH_TOASTS.registerFailure, exception: AUTH_TOASTS.registerRejected },
      });
      captcha.showServerError(error);
    },
  });

  const onSubmit = form.handleSubmit(({ privacyPolicy: _accepted, ...fields }) => {
    const captchaResponse = captcha.require();
    if (!captchaResponse) return;
    // The solution is spent by this request whatever its outcome.
    captcha.reset();
    registerMutation.mutate({ ...fields, captchaResponse });
  }, captcha.flagIfMissing);

  // A confirmation already checked must follow later edits of the password.
  const passwordField = form.register('password', {
    onChange: () => {
      if (form.getFieldState('confirmPassword').isTouched) void form.trigger('confirmPassword');
    },
  });

  return (
    <AuthCard
      title={intl.formatMessage({ id: 'register.title', defaultMessage: 'Create your account' })}
      description={intl.formatMessage(
        {
          id: 'register.description',
          defaultMessage: 'Join {productName} with your invite code and start earning Bytes.',
        },
        { productName: getPublicConfig().productName },
      )}
      footer={
        <>
          {intl.formatMessage(
            {
              id: 'register.haveAccount',
              defaultMessage: 'Already have an account? <link>Log in</link>',
            },
            { link: (chunks) => <TextLink to={paths.login.href()}>{chunks}</TextLink> },
          )}
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <TextField
          label={intl.formatMessage({ id: 'register.email', defaultMessage: 'Email' })}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label={intl.formatMessage({ id: 'register.username', defaultMessage: 'Username' })}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.username?.message}
          {...form.register('username')}
        />
        <PasswordField
          label={intl.formatMessage({ id: 'register.password', defaultMessage: 'Password' })}
          autoComplete="new-password"
          error={errors.password?.message}
          {...passwordField}
        />
        <PasswordField
          label={intl.formatMessage({
            id: 'register.confirmPassword',
            defaultMessage: 'Confirm password',
          })}
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <TextField
          label={intl.formatMessage({ id: 'register.inviteCode', defaultMessage: 'Invite code' })}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={errors.referralCode?.message}
          {...form.register('referralCode')}
        />
        <Checkbox
          label={
            <>
              {intl.formatMessage(
                {
                  id: 'register.agreeToPolicies',
                  defaultMessage:
                    'I agree to the <terms>Terms of Service</terms> and the <privacy>Privacy Policy</privacy>',
                },
                {
                  terms: (chunks) => <PolicyLink to={paths.terms.href()}>{chunks}</PolicyLink>,
                  privacy: (chunks) => <PolicyLink to={paths.privacy.href()}>{chunks}</PolicyLink>,
                },
              )}
            </>
          }
          error={errors.privacyPolicy?.message}
          {...form.register('privacyPolicy')}
        />
        <div className="flex flex-col gap-1.5">
          <Captcha
            onVerify={captcha.onVerify}
            onExpire={captcha.onExpire}
            resetKey={captcha.resetKey}
          />
          <FieldError id="register-captcha-error" message={captcha.error} />
        </div>
        <Button type="submit" isLoading={registerMutation.isPending} className="w-full">
          {intl.formatMessage({ id: 'register.submit', defaultMessage: 'Create account' })}
        </Button>
      </form>
    </AuthCard>
  );
}
