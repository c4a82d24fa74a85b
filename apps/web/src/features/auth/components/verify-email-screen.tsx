import { useCallback, useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from '@/lib/router';
import { AUTH_TOASTS } from '@netpulse/shared';
import { Button } from '@/components/ui/button';
import { LoadingState } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { useIntl } from '@/lib/i18n/use-intl';
import { translateText } from '@/lib/i18n/translate-text';
import { useVerifyEmail, verifyFailureOf } from '@/features/auth/api/verify-email';
import { AuthCard } from '@/components/ui/auth-card';
import { ResendVerification } from './resend-verification';

/** Spec section 9: the token is submitted after 1 s and the user leaves 400 ms after success. */
const SUBMIT_DELAY_MS = 1000;
const REDIRECT_DELAY_MS = 400;

const buttonLinkClass =
  'inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-accent px-4 py-2.5 text-sm font-semibold text-accent-ink hover:bg-accent-strong';

/**
 * A verification link (spec section 2). A link that fails says why, and stays
 * (docs/decisions/033): verified already (with the way to log in), or invalid or
 * used (with a new link for the address typed), instead of the spec's "You are
 * not verified" and a move to the login.
 */
export function VerifyEmailScreen() {
  const intl = useIntl();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const verification = useVerifyEmail();
  const { mutate } = verification;
  const submit = useCallback(
    () =>
      mutate(token, {
        onSuccess: () => setTimeout(() => navigate(paths.home.href()), REDIRECT_DELAY_MS),
      }),
    [mutate, token, navigate],
  );
  // StrictMode mounts effects twice in development; a token is submitted once.
  const submittedToken = useRef<string | null>(null);

  useEffect(() => {
    const submitTimer = setTimeout(() => {
      if (submittedToken.current === token) return;
      submittedToken.current = token;
      submit();
    }, SUBMIT_DELAY_MS);
    return () => clearTimeout(submitTimer);
  }, [token, submit]);

  if (!verification.isError) {
    return (
      <AuthCard
        title={intl.formatMessage({ id: 'verify.title', defaultMessage: 'Email verification' })}
      >
        <LoadingState
          label={intl.formatMessage({
            id: 'verify.verifying',
            defaultMessage: 'Verifying your email…',
          })}
          className="py-6"
        />
      </AuthCard>
    );
  }

  switch (verifyFailureOf(verification.error)) {
    case 'already-verified':
      return (
        <AuthCard
          title={intl.formatMessage({
            id: 'verify.alreadyVerifiedTitle',
            defaultMessage: 'Already verified',
          })}
          description={intl.formatMessage({
            id: 'verify.alreadyVerified',
            defaultMessage:
              'This email address is verified already: there is nothing left to do but log in.',
          })}
        >
          <Link to={paths.login.href()} className={buttonLinkClass}>
            {intl.formatMessage({ id: 'verify.logIn', defaultMessage: 'Log in' })}
          </Link>
        </AuthCard>
      );
    case 'invalid':
      return (
        <AuthCard
          title={intl.formatMessage({
            id: 'verify.invalidTitle',
            defaultMessage: 'This link does not work',
          })}
          description={intl.formatMessage({
            id: 'verify.invalid',
            defaultMessage:
              'The verification link is invalid or already used (each link works once, for 24 hours). Enter your email address and we will send a new one.',
          })}
          footer={
            <>
              {intl.formatMessage(
                {
                  id: 'checkInbox.verifiedAlready',
                  defaultMessage: 'Verified already? <link>Log in</link>',
                },
                { link: (chunks) => <TextLink to={paths.login.href()}>{chunks}</TextLink> },
              )}
            </>
          }
        >
          <ResendVerification />
        </AuthCard>
      );
    case 'error':
      return (
        <AuthCard
          title={intl.formatMessage({ id: 'verify.title', defaultMessage: 'Email verification' })}
          description={translateText(AUTH_TOASTS.verifyError, undefined, intl)}
        >
          <Button onClick={submit} className="w-full">
            {intl.formatMessage({ id: 'verify.tryAgain', defaultMessage: 'Try again' })}
          </Button>
        </AuthCard>
      );
  }
}
