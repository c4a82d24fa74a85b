import { Button } from '@/components/ui/button';
import type { BrowserPush } from '@/features/settings/push/use-browser-push';
import { useIntl } from '@/lib/i18n/use-intl';

/**
 * Push in this browser (issue 30): the button that turns it on (the browser asks the person's
 * permission) or off, or why it cannot be: no push in this browser, or notifications refused.
 * The push column of the matrix is usable only while this browser is subscribed.
 */
export function PushControl({ push, noteId }: { push: BrowserPush; noteId: string }) {
  const intl = useIntl();
  const note = (text: string) => (
    <p id={noteId} className="text-sm text-ink-muted" data-testid="push-note">
      {text}
    </p>
  );
  switch (push.state) {
    case 'checking':
      return null;
    case 'unsupported':
      return note(
        intl.formatMessage({
          id: 'settings.pushUnsupported',
          defaultMessage:
            'This browser cannot receive push notifications, so the push column is off here. Open the app in a browser that can to turn it on.',
        }),
      );
    case 'denied':
      return note(
        intl.formatMessage({
          id: 'settings.pushDenied',
          defaultMessage:
            'Notifications are blocked for this site in your browser. Allow them in the browser’s site settings, then come back to turn push on.',
        }),
      );
    case 'off':
      return (
        <div className="flex flex-col items-start gap-2">
          {note(
            intl.formatMessage({
              id: 'settings.pushOffExplained',
              defaultMessage:
                'Push notifications reach this device even when the app is closed. Turn them on to choose which events they tell you of.',
            }),
          )}
          <Button type="button" variant="secondary" isLoading={push.busy} onClick={push.turnOn}>
            {intl.formatMessage({
              id: 'settings.pushTurnOn',
              defaultMessage: 'Turn on push in this browser',
            })}
          </Button>
        </div>
      );
    case 'on':
      return (
        <div className="flex flex-col items-start gap-2">
          {note(
            intl.formatMessage({
              id: 'settings.pushOnExplained',
              defaultMessage: 'Push is on in this browser.',
            }),
          )}
          <Button type="button" variant="ghost" isLoading={push.busy} onClick={push.turnOff}>
            {intl.formatMessage({
              id: 'settings.pushTurnOff',
              defaultMessage: 'Turn off push in this browser',
            })}
          </Button>
        </div>
      );
  }
}
