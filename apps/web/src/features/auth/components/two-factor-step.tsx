import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { SecondFactorField } from '@/components/ui/second-factor-field';
import { isApiError } from '@/lib/api-client';
import { apiFailureMessage } from '@/lib/api-error-message';
import { showFormFailure } from '@/lib/form-failure';
import { useIntl } from '@/lib/i18n/use-intl';
import { toast } from '@/lib/toast';
import { useLoginTwoFactor } from '@/features/auth/api/login-two-factor';
import { LOGIN_FAILURE_TEXTS } from '@/features/auth/login-failure';

type SecondFactor = 'code' | 'recovery';

interface TwoFactorStepProps {
  /** The password step's challenge: it lives 5 minutes and takes 5 wrong codes. */
  challenge: string;
  /** The login's own ending (`useFinishSignIn`): a two-factor sign-in ends exactly as a login. */
  onSignedIn: (accessToken: string) => void;
  /** Back to the password step: by choice, or because the challenge is over. */
  onRestart: () => void;
}

/**
 * The second step of a login with two-factor sign-in on (issue 29): a code of the
 * authenticator app, or one of the recovery codes instead. Fetched, with its texts, only when
 * a password answers with a challenge, so the login page's first load carries none of it.
 */
export function TwoFactorStep({ challenge, onSignedIn, onRestart }: TwoFactorStepProps) {
  const intl = useIntl();
  const [factor, setFactor] = useState<SecondFactor>('code');
  const form = useForm({
    // Checked at the submit, not when the field loses focus: leaving the code field for
    // "Use a recovery code instead" must not say the code is missing (nor move the button away
    // under the pointer).
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldUnregister: true,
    defaultValues: { code: '', recoveryCode: '' },
  });
  const { errors } = form.formState;
  const verify = useLoginTwoFactor({
    onSuccess: ({ accessToken }) => onSignedIn(accessToken),
    onError: (error) => {
      // Expired, used up by wrong codes, or unknown: only a new password step helps.
      const challengeOver =
        isApiError(error) && (error.status === 401 || error.fieldErrors.challenge !== undefined);
      if (challengeOver) {
        toast.error(apiFailureMessage(error));
        onRestart();
        return;
      }
      showFormFailure(error, {
        setError: form.setError,
        fields: ['code', 'recoveryCode'],
        texts: LOGIN_FAILURE_TEXTS,
      });
    },
  });
  const onSubmit = form.handleSubmit(({ code, recoveryCode }) =>
    verify.mutate(factor === 'code' ? { challenge, code } : { challenge, recoveryCode }),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-5"
      data-testid="two-factor-step"
    >
      <div className="flex flex-col gap-1.5">
        <h2 className="text-lg font-semibold text-ink">
          {intl.formatMessage({
            id: 'login.twoFactorTitle',
            defaultMessage: 'Two-factor sign-in',
          })}
        </h2>
        <p className="text-sm text-ink-muted">
          {factor === 'code'
            ? intl.formatMessage({
                id: 'login.twoFactorCodeHelp',
                defaultMessage:
                  'Your password is right. Now enter the code your authenticator app shows.',
              })
            : intl.formatMessage({
                id: 'login.twoFactorRecoveryHelp',
                defaultMessage: 'Enter one of the recovery codes you saved. Each code works once.',
              })}
        </p>
      </div>
      <SecondFactorField
        register={form.register}
        errors={errors}
        recovery={factor === 'recovery'}
        onToggle={() => setFactor((shown) => (shown === 'code' ? 'recovery' : 'code'))}
        autoFocus
        labels={{
          code: intl.formatMessage({ id: 'login.twoFactorCode', defaultMessage: '6-digit code' }),
          recoveryCode: intl.formatMessage({
            id: 'login.twoFactorRecoveryCode',
            defaultMessage: 'Recovery code',
          }),
          useRecoveryCode: intl.formatMessage({
            id: 'login.twoFactorUseRecovery',
            defaultMessage: 'Use a recovery code instead',
          }),
          useAppCode: intl.formatMessage({
            id: 'login.twoFactorUseApp',
            defaultMessage: 'Use a code from your app instead',
          }),
        }}
      />
      <Button type="submit" isLoading={verify.isPending} className="w-full">
        {intl.formatMessage({ id: 'login.twoFactorSubmit', defaultMessage: 'Verify' })}
      </Button>
      <Button variant="ghost" onClick={onRestart} className="w-full">
        {intl.formatMessage({
          id: 'login.twoFactorBack',
          defaultMessage: 'Back to the password',
        })}
      </Button>
    </form>
  );
}
