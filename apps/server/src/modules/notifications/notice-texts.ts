/**
 * A notice's title and body, written when it is read, in the reader's language
 * (docs/ARCHITECTURE.md section 13), from its type and parameters. Names and figures are
 * placeholders; an announcement's words are the operator's, shown as written.
 */
import { defineMessages, type CatalogLocale, type MessageDescriptor } from '@netpulse/i18n';
import { formatDateTime, RECEIPT_TEXTS, type NotificationType } from '@netpulse/shared';
import { formatNames, translate } from '../../lib/server-intl.ts';
import type { NoticeParams } from './notifications-repository.ts';

const TEXTS = defineMessages({
  nodeOfflineTitle: {
    id: 'notifications.node_offline.title',
    defaultMessage: '{node} went quiet',
    description: 'A notice title. {node} is the name of one of the person’s nodes.',
  },
  nodeOfflineBody: {
    id: 'notifications.node_offline.body',
    defaultMessage: 'Your node {node} has not been heard from for {minutes} minutes.',
    description: 'A notice. {node} is a node’s name, {minutes} a number.',
  },
  nodeOnlineTitle: {
    id: 'notifications.node_online.title',
    defaultMessage: '{node} is back online',
    description: 'A notice title. {node} is the name of one of the person’s nodes.',
  },
  nodeOnlineBody: {
    id: 'notifications.node_online.body',
    defaultMessage: 'Your node {node} is testing again.',
    description: 'A notice. {node} is a node’s name.',
  },
  claimReminderTitle: {
    id: 'notifications.claim_reminder.title',
    defaultMessage: 'Your daily claim is waiting',
    description: 'A notice title: the day’s claim of Bytes has not been made yet.',
  },
  claimReminderBody: {
    id: 'notifications.claim_reminder.body',
    defaultMessage:
      'Claim today’s Bytes before midnight UTC to keep your {streak, plural, one {# day} other {# days}} streak.',
    description: 'A notice. {streak} is the number of days in a row the person claimed.',
  },
  referralQualifiedTitle: {
    id: 'notifications.referral_qualified.title',
    defaultMessage: '{referee} qualified',
    description: 'A notice title. {referee} is the username of a person the reader referred.',
  },
  referralQualifiedBody: {
    id: 'notifications.referral_qualified.body',
    defaultMessage: '{referee} completed 15 tests: you earned {bonus, number} Bytes.',
    description: 'A notice. {referee} is a username; {bonus} the Bytes paid (Bytes are points).',
  },
  referralMilestoneTitle: {
    id: 'notifications.referral_milestone.title',
    defaultMessage: 'A referral milestone is ready to claim',
    description: 'A notice title.',
  },
  referralMilestoneBody: {
    id: 'notifications.referral_milestone.body',
    defaultMessage:
      'You reached {referrals, plural, one {# successful referral} other {# successful referrals}}: claim its {reward, number} Bytes on Referral.',
    description: 'A notice. {reward} is Bytes (points); Referral is the name of a screen.',
  },
  cycleEndedTitle: {
    id: 'notifications.cycle_ended.title',
    defaultMessage: 'The cycle {cycle} ended',
    description: 'A notice title. {cycle} is the name of a cycle (a season of rewards).',
  },
  cycleEndedBody: {
    id: 'notifications.cycle_ended.body',
    defaultMessage:
      'You earned {bytes, number} Bytes in it: your {rank, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} best of {cycles, plural, one {# cycle} other {# cycles}}.',
    description:
      'A notice. {bytes} is Bytes (points); {rank} the place of this cycle among the person’s cycles by Bytes.',
  },
  testRefusedTitle: {
    id: 'notifications.test_refused.title',
    defaultMessage: 'A test earned less than it could',
    description: 'A notice title: a speed test did not get a boost.',
  },
  testRefusedBody: {
    id: 'notifications.test_refused.body',
    defaultMessage: 'Your test of {time} UTC earned {bytes, number} Bytes: {reason}',
    description:
      'A notice. {time} is YYYY-MM-DD HH:mm; {bytes} Bytes (points); {reason} the test receipt’s reason, already translated.',
  },
  securityTitle: {
    id: 'notifications.security.title',
    defaultMessage: 'Your account’s security changed',
    description: 'A notice title.',
  },
  securityBody: {
    id: 'notifications.security.body',
    defaultMessage:
      '{event, select, new_browser_sign_in {A browser it never used signed in to your account.} password_changed {Your password was changed.} email_change_requested {A new email address was asked for your account.} email_changed {Your account’s email address was changed.} email_change_undone {The change of your email address was undone.} two_factor_enabled {Two-factor sign-in was turned on.} two_factor_disabled {Two-factor sign-in was turned off.} recovery_codes_regenerated {New recovery codes were made.} passkey_added {A passkey was added.} passkey_removed {A passkey was removed.} other {A browser was signed out.}} If it was not you, check your account settings.',
    description:
      'A notice about an account security event; the mail with the details was sent too.',
  },
});

interface Texts {
  title: MessageDescriptor;
  body: MessageDescriptor;
}

const TEXTS_OF: Record<Exclude<NotificationType, 'announcement'>, Texts> = {
  node_offline: { title: TEXTS.nodeOfflineTitle, body: TEXTS.nodeOfflineBody },
  node_online: { title: TEXTS.nodeOnlineTitle, body: TEXTS.nodeOnlineBody },
  claim_reminder: { title: TEXTS.claimReminderTitle, body: TEXTS.claimReminderBody },
  referral_qualified: { title: TEXTS.referralQualifiedTitle, body: TEXTS.referralQualifiedBody },
  referral_milestone: { title: TEXTS.referralMilestoneTitle, body: TEXTS.referralMilestoneBody },
  cycle_ended: { title: TEXTS.cycleEndedTitle, body: TEXTS.cycleEndedBody },
  test_refused: { title: TEXTS.testRefusedTitle, body: TEXTS.testRefusedBody },
  security: { title: TEXTS.securityTitle, body: TEXTS.securityBody },
};

/** The notice's title and body in `locale`. */
export function noticeTexts(
  locale: CatalogLocale,
  type: NotificationType,
  params: NoticeParams,
): { title: string; body: string } {
  if (type === 'announcement') {
    return { title: String(params.title ?? ''), body: String(params.text ?? '') };
  }
  const texts = TEXTS_OF[type];
  if (type === 'test_refused') params = testRefusedValues(locale, params);
  return {
    title: translate(locale, texts.title, params),
    body: translate(locale, texts.body, params),
  };
}

/**
 * A less-earning test's values: its time (`YYYY-MM-DD HH:mm`, UTC) and the receipt's reason
 * for each boost it missed, in `locale`.
 */
function testRefusedValues(locale: CatalogLocale, params: NoticeParams): NoticeParams {
  const reasons = [];
  if (params.missed !== 'location') reasons.push(translate(locale, RECEIPT_TEXTS.uniqueIpMissed));
  if (params.missed !== 'unique_ip') reasons.push(translate(locale, RECEIPT_TEXTS.locationMissed));
  return {
    time: formatDateTime(new Date(String(params.at)), 'UTC'),
    bytes: params.bytes ?? 0,
    reason: formatNames(locale, reasons),
  };
}
