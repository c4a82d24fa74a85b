import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_TOASTS, forgotPasswordFormSchema } from '@netpulse/shared';
import { useForm } from 'react-hook-form';
import { useNavigate } from '@/lib/router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { useIntl } from '@/lib/i18n/use-intl';
import { failureMessage } from '@/lib/api-error-message';
import { useForgotPassword } from '@/features/auth/api/forgot-password';
import { AuthCard } from '@/components/ui/auth-card';

export function ForgotPasswordScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(forgotPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });
  const forgotPassword = useForgotPassword({
    onSuccess: () => {
      toast.success(AUTH_TOASTS.forgotSuccess);
      form.reset();
      navigate(paths.home.href());
    },
    onError: (error) =>
      toast.error(
        failureMessage(error, {
          failed: AUTH_TOASTS.forgotFailure,
          exception: AUTH_TOASTS.forgotError,
        }),
      ),
  });

  const onSubmit = form.handleSubmit((values) => forgotPassword.mutate(values));

  return (
    <AuthCard
      title={intl.formatMessage({ id: 'forgot.title', defaultMessage: 'Forgot password' })}
      description={intl.formatMessage({
        id: 'forgot.description',
        defaultMessage:
          'Enter the email address of your account and we will send you a link to reset your password.',
      })}
      footer={
        <div className="flex flex-col gap-2">
          <p>
            {intl.formatMessage(
              {
                id: 'login.noAccount',
                defaultMessage: "Don't have an account? <link>Sign up</link>",
              },
              { link: (chunks) => <TextLink to={paths.register.href()}>{chunks}</TextLink> },
            )}
          </p>
          <p>
            {intl.formatMessage(
              { id: 'forgot.remembered', defaultMessage: 'Remembered it? <link>Log in</link>' },
              { link: (chunks) => <TextLink to={paths.login.href()}>{chunks}</TextLink> },
            )}
          </p>
        </div>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <TextField
          label={intl.formatMessage({ id: 'forgot.email', defaultMessage: 'Email' })}
          type="email"
          autoComplete="email"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" isLoading={forgotPassword.isPending} className="w-full">
          {intl.formatMessage({ id: 'forgot.submit', defaultMessage: 'Send' })}
        </Button>
      </form>
    </AuthCard>
  );
}
