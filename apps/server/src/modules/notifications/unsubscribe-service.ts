/**
 * The one-click unsubscribe (RFC 8058), signed out: a genuine token of an account that
 * still exists turns off the mail of the events it names. Security's mail is locked on.
 */
import { defineMessages } from '@netpulse/i18n';
import { isLockedOn, type NotificationEvent } from '@netpulse/shared';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../lib/http-error.ts';
import { text } from '../../lib/server-intl.ts';
import { mailRecipientOf } from './notice-mail-repository.ts';
import { preferencesOf, updatePreferences } from './notifications-service.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

export const UNSUBSCRIBE_TEXTS = defineMessages({
  badLink: {
    id: 'notifications.unsubscribe.bad_link',
    defaultMessage:
      'This unsubscribe link is not valid. Choose which mails you get in your notification settings.',
    description:
      'The answer to an unsubscribe link that was changed, forged, or whose account is gone.',
  },
  securityLocked: {
    id: 'notifications.unsubscribe.security_locked',
    defaultMessage:
      'Mail about your account’s security cannot be turned off: it is how you learn that someone else got in.',
    description: 'The answer to an unsubscribe from the security mails, which always go out.',
  },
  done: {
    id: 'notifications.unsubscribe.done',
    defaultMessage: 'You will no longer get these mails.',
    description: 'The answer once a one-click unsubscribe turned mails off.',
  },
});

/** Turns off the mail of the token's events; answers them. */
export async function unsubscribe(
  db: Database,
  tokens: UnsubscribeTokens,
  token: string,
  at: Date,
): Promise<NotificationEvent[]> {
  const asked = tokens.read(token);
  // A deleted account's tokens stop working: it has no address left to stop mailing.
  if (!asked || !(await mailRecipientOf(db, asked.userId))) {
    throw badRequest(text(UNSUBSCRIBE_TEXTS.badLink));
  }
  if (asked.events.some((event) => isLockedOn(event, 'mail'))) {
    throw badRequest(text(UNSUBSCRIBE_TEXTS.securityLocked));
  }
  const preferences = await preferencesOf(db, asked.userId);
  const channels = { ...preferences.channels };
  for (const event of asked.events) channels[event] = { ...channels[event], mail: false };
  await updatePreferences(db, asked.userId, { ...preferences, channels }, at);
  return asked.events;
}
