import { zodResolver } from '@hookform/resolvers/zod';
import { resendVerificationRequestSchema } from '@netpulse/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { TextField } from '@/components/ui/text-field';
import { apiFailureMessage } from '@/lib/api-error-message';
import { useIntl } from '@/lib/i18n/use-intl';
import type { PageFormatter } from '@/lib/i18n/active-locale';
import { resendWaitOf, useResendVerification } from '@/features/auth/api/resend-verification';
import { useResendCountdown } from '@/features/auth/hooks/use-resend-countdown';

interface ResendVerificationProps {
  /** The address to mail, when the screen knows it (right after sign-up); else a field asks. */
  email?: string;
  /** Seconds before the first resend (sign-up's mail counts on the server too). */
  initialWaitSeconds?: number;
}

/**
 * "Resend the email" (docs/decisions/033): rate-limited by the server, which names
 * the wait; the button says how long is left instead of "log in again later".
 */
/** The wait before the next resend, as the server's text words it: seconds up to 90 s, then minutes and seconds. */
function waitText(intl: PageFormatter, seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  if (whole <= 90) {
    return intl.formatMessage(
      { id: 'resendVerification.waitSeconds', defaultMessage: 'You can resend in {seconds} s.' },
      { seconds: whole },
    );
  }
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return rest === 0
    ? intl.formatMessage(
        {
          id: 'resendVerification.waitMinutes',
          defaultMessage: 'You can resend in {minutes} min.',
        },
        { minutes },
      )
    : intl.formatMessage(
        {
          id: 'resendVerification.waitMinutesSeconds',
          defaultMessage: 'You can resend in {minutes} min {seconds} s.',
        },
        { minutes, seconds: rest },
      );
}

export function ResendVerification({ email, initialWaitSeconds = 0 }: ResendVerificationProps) {
  const intl = useIntl();
  const countdown = useResendCountdown(initialWaitSeconds);
  const [status, setStatus] = useState<{ sent: boolean; error: string | null }>({
    sent: false,
    error: null,
  });
  const form = useForm({
    resolver: zodResolver(resendVerificationRequestSchema),
    mode: 'onTouched',
    defaultValues: { email: email ?? '' },
  });
  const resend = useResendVerification({
    onSuccess: ({ retryAfterSeconds }) => {
      setStatus({ sent: true, error: null });
      countdown.waitFor(retryAfterSeconds);
    },
    onError: (error) => {
      const wait = resendWaitOf(error);
      if (wait !== null) {
        countdown.waitFor(wait);
        setStatus((current) => ({ ...current, error: null }));
      } else {
        setStatus((current) => ({ ...current, error: apiFailureMessage(error) }));
      }
    },
  });
  const onSubmit = form.handleSubmit((values) => resend.mutate(values));
  const waiting = countdown.secondsLeft > 0;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {email === undefined && (
        <TextField
          label={intl.formatMessage({ id: 'resendVerification.email', defaultMessage: 'Email' })}
          type="email"
          autoComplete="email"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
      )}
      <Button
        type="submit"
        variant={email === undefined ? 'primary' : 'secondary'}
        isLoading={resend.isPending}
        disabled={waiting}
        className="w-full"
      >
        {email === undefined
          ? intl.formatMessage({
              id: 'resendVerification.sendNewLink',
              defaultMessage: 'Send a new link',
            })
          : intl.formatMessage({
              id: 'resendVerification.resend',
              defaultMessage: 'Resend the email',
            })}
      </Button>
      <p aria-live="polite" className="min-h-5 text-center text-sm text-ink-muted">
        {[
          status.sent &&
            intl.formatMessage({
              id: 'resendVerification.sent',
              defaultMessage: 'Sent: it can take a minute to arrive, and may land in spam.',
            }),
          waiting && waitText(intl, countdown.secondsLeft),
        ]
          .filter(Boolean)
          .join(' ')}
      </p>
      <FieldError id="resend-verification-error" message={status.error ?? undefined} />
    </form>
  );
}
