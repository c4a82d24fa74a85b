import { useEffect, useRef } from 'react';
import { useSearchParams } from '@/lib/router';
import { AuthCard } from '@/components/ui/auth-card';
import { ActionLink } from '@/components/ui/action-link';
import { Button } from '@/components/ui/button';
import { LoadingState } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { serverErrorText } from '@/lib/api-error-message';
import { useIntl } from '@/lib/i18n/use-intl';
import { useFollowEmailLink, type EmailLinkKind } from '@/features/settings/api/follow-email-link';

/**
 * A link of an email change's mails (issue 29), followed on arrival: the one sent to the new
 * address confirms it; the one sent to the old address undoes the change, signs every browser
 * out, and tells the person to choose a new password, since someone else may know the old one.
 */
function EmailLinkScreen({ kind }: { kind: EmailLinkKind }) {
  const intl = useIntl();
  const searchParams = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const follow = useFollowEmailLink();
  const { mutate } = follow;
  // StrictMode mounts effects twice in development; a link's token is sent once.
  const sentToken = useRef<string | null>(null);
  useEffect(() => {
    if (sentToken.current === token) return;
    sentToken.current = token;
    mutate({ kind, token });
  }, [kind, token, mutate]);

  if (follow.isPending || follow.isIdle) {
    return (
      <AuthCard
        title={intl.formatMessage({ id: 'emailChange.title', defaultMessage: 'Email change' })}
      >
        <LoadingState
          label={intl.formatMessage({
            id: 'emailChange.following',
            defaultMessage: 'Opening your link…',
          })}
          className="py-6"
        />
      </AuthCard>
    );
  }

  if (follow.isError) {
    const answered = isApiError(follow.error) && follow.error.status < 500;
    return (
      <AuthCard
        title={intl.formatMessage({
          id: 'emailChange.failedTitle',
          defaultMessage: 'This link does not work',
        })}
        description={
          (answered && serverErrorText(follow.error)) ||
          intl.formatMessage({
            id: 'emailChange.failed',
            defaultMessage: 'The link could not be opened. Please try again in a moment.',
          })
        }
        footer={
          <TextLink to={paths.home.href()}>
            {intl.formatMessage({ id: 'emailChange.toApp', defaultMessage: 'Go to the app' })}
          </TextLink>
        }
      >
        {!answered && (
          <Button onClick={() => mutate({ kind, token })} className="w-full">
            {intl.formatMessage({ id: 'emailChange.tryAgain', defaultMessage: 'Try again' })}
          </Button>
        )}
      </AuthCard>
    );
  }

  if (kind === 'confirm') {
    return (
      <AuthCard
        title={intl.formatMessage({
          id: 'emailChange.confirmedTitle',
          defaultMessage: 'Email address changed',
        })}
        description={follow.data}
      >
        <p className="mb-5 text-sm text-ink-muted" data-testid="email-change-confirmed">
          {intl.formatMessage({
            id: 'emailChange.confirmed',
            defaultMessage:
              'From now on, sign in and receive our mails with this address. Your old address was told, with a link to undo the change.',
          })}
        </p>
        <ActionLink to={paths.settings.href()} className="w-full">
          {intl.formatMessage({
            id: 'emailChange.toSettings',
            defaultMessage: 'Go to your account settings',
          })}
        </ActionLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={intl.formatMessage({
        id: 'emailChange.undoneTitle',
        defaultMessage: 'Email change undone',
      })}
      description={follow.data}
    >
      <p className="mb-5 text-sm text-ink-muted" data-testid="email-change-undone">
        {intl.formatMessage({
          id: 'emailChange.undone',
          defaultMessage:
            'Your account has its old address back and every browser was signed out. If you did not ask for the change, someone may know your password: choose a new one now.',
        })}
      </p>
      <ActionLink to={paths.forgotPassword.href()} className="w-full">
        {intl.formatMessage({
          id: 'emailChange.resetPassword',
          defaultMessage: 'Reset your password',
        })}
      </ActionLink>
    </AuthCard>
  );
}

export function EmailChangeConfirmScreen() {
  return <EmailLinkScreen kind="confirm" />;
}

export function EmailChangeUndoScreen() {
  return <EmailLinkScreen kind="undo" />;
}
