import type { ReactNode } from 'react';
import { useLocation } from '@/lib/router';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { useIntl } from '@/lib/i18n/use-intl';
import { AuthCard } from '@/components/ui/auth-card';
import { ResendVerification } from './resend-verification';

/** What sign-up hands this screen in the navigation's state (never in the address bar). */
export interface CheckInboxState {
  email: string;
  /** Seconds before the first resend: the server counts sign-up's mail. */
  resendAfterSeconds: number;
  /** Sent here by a login the server refused for the unverified address. */
  fromLogin?: boolean;
}

function checkInboxStateOf(state: unknown): CheckInboxState | null {
  const value = state as Partial<CheckInboxState> | null;
  return typeof value?.email === 'string' && typeof value.resendAfterSeconds === 'number'
    ? {
        email: value.email,
        resendAfterSeconds: value.resendAfterSeconds,
        fromLogin: value.fromLogin === true,
      }
    : null;
}

/**
 * After sign-up, or a login refused for an unverified address (docs/decisions/033):
 * names the address the link went to and offers "Resend the email" with its wait,
 * instead of the spec's toast and "log in again in 5 minutes". Opened without that
 * state (a reload, a bookmark), it asks for the address.
 */
export function CheckInboxScreen() {
  const intl = useIntl();
  const signedUp = checkInboxStateOf(useLocation().state);
  const address = (chunks: ReactNode[]) => (
    <strong className="font-semibold break-words text-ink" data-testid="inbox-address">
      {chunks}
    </strong>
  );
  return (
    <AuthCard
      title={
        signedUp?.fromLogin
          ? intl.formatMessage({
              id: 'checkInbox.verifyFirstTitle',
              defaultMessage: 'Verify your email first',
            })
          : intl.formatMessage({ id: 'checkInbox.title', defaultMessage: 'Check your inbox' })
      }
      description={
        signedUp ? (
          <>
            {signedUp.fromLogin
              ? intl.formatMessage(
                  {
                    id: 'checkInbox.notVerifiedSentTo',
                    defaultMessage:
                      'Your email address is not verified yet. We sent a verification link to <address>{email}</address>. Open it to activate your account, then log in.',
                  },
                  { email: signedUp.email, address },
                )
              : intl.formatMessage(
                  {
                    id: 'checkInbox.sentTo',
                    defaultMessage:
                      'We sent a verification link to <address>{email}</address>. Open it to activate your account, then log in.',
                  },
                  { email: signedUp.email, address },
                )}
          </>
        ) : (
          intl.formatMessage({
            id: 'checkInbox.sent',
            defaultMessage:
              'We sent you a verification link. Open it to activate your account, then log in.',
          })
        )
      }
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
      <p className="mb-4 text-sm text-ink-muted">
        {intl.formatMessage({
          id: 'checkInbox.noMail',
          defaultMessage: 'No mail after a minute? Look in the spam folder, or ask for a new one.',
        })}
      </p>
      <ResendVerification
        email={signedUp?.email}
        initialWaitSeconds={signedUp?.resendAfterSeconds ?? 0}
      />
    </AuthCard>
  );
}
