import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_TOASTS, forgotPasswordFormSchema } from '@netpulse/shared';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/api-error-message';
import { useForgotPassword } from '@/features/auth/api/forgot-password';
import { AuthCard } from './auth-card';

export function ForgotPasswordScreen() {
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
      title="Forgot password"
      description="Enter the email address of your account and we will send you a link to reset your password."
      footer={
        <div className="flex flex-col gap-2">
          <p>
            Don&apos;t have an account? <TextLink to={paths.register.href()}>Sign up</TextLink>
          </p>
          <p>
            Remembered it? <TextLink to={paths.login.href()}>Log in</TextLink>
          </p>
        </div>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" isLoading={forgotPassword.isPending} className="w-full">
          Send
        </Button>
      </form>
    </AuthCard>
  );
}
