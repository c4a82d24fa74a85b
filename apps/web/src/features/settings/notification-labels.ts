import type { NotificationChannel, NotificationEvent } from '@netpulse/shared';
import type { PageFormatter } from '@/lib/i18n/active-locale';

/** A row's name in the preferences matrix. */
export function notificationEventName(event: NotificationEvent, intl: PageFormatter): string {
  switch (event) {
    case 'node_offline':
      return intl.formatMessage({
        id: 'settings.notificationsEventNodeOffline',
        defaultMessage: 'Node offline or back online',
      });
    case 'claim_reminder':
      return intl.formatMessage({
        id: 'settings.notificationsEventClaimReminder',
        defaultMessage: 'Daily claim reminder',
      });
    case 'referral_qualified':
      return intl.formatMessage({
        id: 'settings.notificationsEventReferral',
        defaultMessage: 'Referral qualified or milestone reached',
      });
    case 'cycle_ended':
      return intl.formatMessage({
        id: 'settings.notificationsEventCycleEnded',
        defaultMessage: 'Cycle ended',
      });
    case 'test_refused':
      return intl.formatMessage({
        id: 'settings.notificationsEventTestRefused',
        defaultMessage: 'Test refused or lost a boost',
      });
    case 'security':
      return intl.formatMessage({
        id: 'settings.notificationsEventSecurity',
        defaultMessage: 'Security',
      });
    case 'announcement':
      return intl.formatMessage({
        id: 'settings.notificationsEventAnnouncement',
        defaultMessage: 'Announcements',
      });
  }
}

/** A column's name in the preferences matrix. */
export function notificationChannelName(channel: NotificationChannel, intl: PageFormatter): string {
  switch (channel) {
    case 'app':
      return intl.formatMessage({
        id: 'settings.notificationsChannelApp',
        defaultMessage: 'In the app',
      });
    case 'mail':
      return intl.formatMessage({
        id: 'settings.notificationsChannelMail',
        defaultMessage: 'Mail',
      });
    case 'push':
      return intl.formatMessage({
        id: 'settings.notificationsChannelPush',
        defaultMessage: 'Push',
      });
    case 'extension':
      return intl.formatMessage({
        id: 'settings.notificationsChannelExtension',
        defaultMessage: 'Extension',
      });
  }
}

/** What a screen reader hears for one box of the matrix: "Node offline or back online by mail". */
export function notificationCellLabel(
  event: NotificationEvent,
  channel: NotificationChannel,
  intl: PageFormatter,
): string {
  const values = { event: notificationEventName(event, intl) };
  switch (channel) {
    case 'app':
      return intl.formatMessage(
        { id: 'settings.notificationsCellApp', defaultMessage: '{event} in the app' },
        values,
      );
    case 'mail':
      return intl.formatMessage(
        { id: 'settings.notificationsCellMail', defaultMessage: '{event} by mail' },
        values,
      );
    case 'push':
      return intl.formatMessage(
        { id: 'settings.notificationsCellPush', defaultMessage: '{event} by push' },
        values,
      );
    case 'extension':
      return intl.formatMessage(
        { id: 'settings.notificationsCellExtension', defaultMessage: '{event} in the extension' },
        values,
      );
  }
}
