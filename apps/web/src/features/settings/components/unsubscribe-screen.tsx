import { useSearchParams } from '@/lib/router';
import { AuthCard } from '@/components/ui/auth-card';
import { ActionLink } from '@/components/ui/action-link';
import { Button } from '@/components/ui/button';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { serverErrorText } from '@/lib/api-error-message';
import { useIntl } from '@/lib/i18n/use-intl';
import { notificationEventName } from '@/features/settings/notification-labels';
import { useUnsubscribe } from '@/features/settings/api/unsubscribe';

/**
 * The unsubscribe link of a notice mail's footer, opened in a browser (issue 30), signed in
 * or not. Opening it changes nothing (mail scanners follow links): the button does.
 */
export function UnsubscribeScreen() {
  const intl = useIntl();
  const searchParams = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  const title = intl.formatMessage({
    id: 'unsubscribe.title',
    defaultMessage: 'Stop these mails',
  });
  const toSettings = (
    <TextLink to={paths.settings.href()}>
      {intl.formatMessage({
        id: 'unsubscribe.toSettings',
        defaultMessage: 'Choose which notifications you get in your settings',
      })}
    </TextLink>
  );

  if (unsubscribe.isSuccess) {
    const events = unsubscribe.data.events.map((event) => notificationEventName(event, intl));
    return (
      <AuthCard
        title={intl.formatMessage({ id: 'unsubscribe.doneTitle', defaultMessage: 'Unsubscribed' })}
        footer={toSettings}
      >
        <p className="mb-5 text-sm text-ink-muted" data-testid="unsubscribe-done">
          {intl.formatMessage(
            {
              id: 'unsubscribe.done',
              defaultMessage: 'You will no longer get mail about {events}.',
              description: '{events} lists notification kinds, such as “Cycle ended”.',
            },
            { events: intl.formatList(events, { type: 'conjunction' }) },
          )}
        </p>
        <ActionLink to={paths.home.href()} className="w-full">
          {intl.formatMessage({ id: 'unsubscribe.toApp', defaultMessage: 'Go to the app' })}
        </ActionLink>
      </AuthCard>
    );
  }

  const answered = unsubscribe.isError && isApiError(unsubscribe.error);
  return (
    <AuthCard
      title={title}
      description={intl.formatMessage({
        id: 'unsubscribe.ask',
        defaultMessage: 'Turn off the mails this link was sent with? Your notices in the app stay.',
      })}
      footer={toSettings}
    >
      {unsubscribe.isError && (
        <p role="alert" className="mb-4 text-sm text-danger">
          {(answered && serverErrorText(unsubscribe.error)) ||
            intl.formatMessage({
              id: 'unsubscribe.failed',
              defaultMessage: 'That did not work. Please try again in a moment.',
            })}
        </p>
      )}
      <Button
        onClick={() => unsubscribe.mutate(token)}
        disabled={unsubscribe.isPending || token === ''}
        className="w-full"
      >
        {intl.formatMessage({ id: 'unsubscribe.confirm', defaultMessage: 'Unsubscribe' })}
      </Button>
    </AuthCard>
  );
}
