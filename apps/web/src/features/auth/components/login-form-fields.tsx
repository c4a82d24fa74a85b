import type { ComponentProps, FormEventHandler } from 'react';
import { Captcha } from '@/components/captcha/captcha';
import type { CaptchaProps } from '@/components/captcha/captcha-props';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/field-error';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { TextLink } from '@/components/ui/text-link';
import { useIntl } from '@/lib/i18n/use-intl';
import { useHydrated } from '@/hooks/use-hydrated';
import { paths } from '@/config/paths';

/** What a field takes from the form: react-hook-form's `register` result and its message. */
type FieldBinding = Pick<ComponentProps<'input'>, 'name' | 'onChange' | 'onBlur' | 'ref'> & {
  error?: string;
};

export interface LoginFormFieldsProps {
  onSubmit?: FormEventHandler<HTMLFormElement>;
  emailOrUsername: FieldBinding;
  password: FieldBinding;
  rememberMe: boolean;
  onRememberMeChange: (checked: boolean) => void;
  captcha: CaptchaProps & { error?: string };
  isSubmitting: boolean;
  /** "Sign in with a passkey": its code loads when pressed (absent, the button does nothing). */
  onPasskeySignIn?: () => void;
  passkeyPending?: boolean;
}

/**
 * The login form's markup, apart from its logic (login-form.tsx), so the page
 * can show it before that logic has loaded: prerendered, or while it loads.
 */
export function LoginFormFields({
  onSubmit,
  emailOrUsername: { error: emailOrUsernameError, ...emailOrUsername },
  password: { error: passwordError, ...password },
  rememberMe,
  onRememberMeChange,
  captcha: { error: captchaError, ...captcha },
  isSubmitting,
  onPasskeySignIn,
  passkeyPending = false,
}: LoginFormFieldsProps) {
  const intl = useIntl();
  const hydrated = useHydrated();
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <TextField
        label={intl.formatMessage({
          id: 'login.emailOrUsername',
          defaultMessage: 'Email or username',
        })}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={emailOrUsernameError}
        {...emailOrUsername}
      />
      <PasswordField
        label={intl.formatMessage({ id: 'login.password', defaultMessage: 'Password' })}
        autoComplete="current-password"
        error={passwordError}
        {...password}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Checkbox
          name="rememberMe"
          label={intl.formatMessage({ id: 'login.rememberMe', defaultMessage: 'Remember me' })}
          checked={rememberMe}
          onChange={(event) => onRememberMeChange(event.target.checked)}
        />
        <TextLink to={paths.forgotPassword.href()} className="text-sm">
          {intl.formatMessage({ id: 'login.forgotPassword', defaultMessage: 'Forgot password?' })}
        </TextLink>
      </div>
      <div className="flex flex-col gap-1.5">
        <Captcha {...captcha} />
        <FieldError id="login-captcha-error" message={captchaError} />
      </div>
      {/* Disabled in the prerendered markup until the page's code runs: the browser's own
          submission (a click or Enter before then) would put the password in the address. */}
      <Button type="submit" isLoading={isSubmitting} disabled={!hydrated} className="w-full">
        {intl.formatMessage({ id: 'login.submit', defaultMessage: 'Log in' })}
      </Button>
      <p className="flex items-center gap-3 text-xs text-ink-faint">
        <span aria-hidden="true" className="h-px flex-1 bg-line" />
        {intl.formatMessage({ id: 'login.passkeyOr', defaultMessage: 'or' })}
        <span aria-hidden="true" className="h-px flex-1 bg-line" />
      </p>
      {/* Plain markup, prerendered with the form: WebAuthn's code loads only when pressed. */}
      <Button
        variant="secondary"
        isLoading={passkeyPending}
        onClick={onPasskeySignIn}
        className="w-full"
        data-testid="passkey-sign-in"
      >
        {intl.formatMessage({
          id: 'login.passkeySignIn',
          defaultMessage: 'Sign in with a passkey',
        })}
      </Button>
    </form>
  );
}
