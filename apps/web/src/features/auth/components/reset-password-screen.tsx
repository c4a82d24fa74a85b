import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_TOASTS, resetPasswordFormSchema } from '@netpulse/shared';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from '@/lib/router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { useIntl } from '@/lib/i18n/use-intl';
import { showFormFailure } from '@/lib/form-failure';
import { useResetPassword } from '@/features/auth/api/reset-password';
import { AuthCard } from '@/components/ui/auth-card';

export function ResetPasswordScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const searchParams = useSearchParams();
  // Spec section 5: an absent token is sent as an empty string and the server rejects it.
  const token = searchParams.get('token') ?? '';
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const resetPassword = useResetPassword({
    onSuccess: () => {
      toast.success(AUTH_TOASTS.resetSuccess);
      navigate(paths.home.href());
    },
    onError: (error) => {
      // The rules only the server checks (the common passwords, the account's names) show
      // under the field; the token's failure, which no field shows, is the toast.
      showFormFailure(error, {
        setError: form.setError,
        fields: ['newPassword'],
        texts: { failed: AUTH_TOASTS.resetFailure, exception: AUTH_TOASTS.resetError },
      });
    },
  });

  const onSubmit = form.handleSubmit(({ newPassword }) =>
    resetPassword.mutate({ newPassword, token }),
  );

  // A confirmation already checked must follow later edits of the new password.
  const newPasswordField = form.register('newPassword', {
    onChange: () => {
      if (form.getFieldState('confirmPassword').isTouched) void form.trigger('confirmPassword');
    },
  });

  return (
    <AuthCard
      title={intl.formatMessage({ id: 'reset.title', defaultMessage: 'Reset password' })}
      description={intl.formatMessage({
        id: 'reset.description',
        defaultMessage: 'Choose a new password for your account.',
      })}
      footer={
        <>
          {intl.formatMessage(
            { id: 'reset.backToLogin', defaultMessage: 'Back to <link>Log in</link>' },
            { link: (chunks) => <TextLink to={paths.login.href()}>{chunks}</TextLink> },
          )}
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <PasswordField
          label={intl.formatMessage({ id: 'reset.newPassword', defaultMessage: 'New password' })}
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...newPasswordField}
        />
        <PasswordField
          label={intl.formatMessage({
            id: 'reset.confirmPassword',
            defaultMessage: 'Confirm password',
          })}
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" isLoading={resetPassword.isPending} className="w-full">
          {intl.formatMessage({ id: 'reset.submit', defaultMessage: 'Reset password' })}
        </Button>
      </form>
    </AuthCard>
  );
}
