/**
 * The two links of an email change (issue 29): the new address confirms it, and the old
 * address may undo it for a while. Written like templates.ts: text and HTML parts, values
 * escaped in the HTML by htmlBody.
 */
import { defineMessages } from '@netpulse/i18n';
import type { MailMessage } from './mailer.ts';
import { circumstanceLines, type SecurityCircumstances } from './security-mails.ts';
import { htmlBody, wordsIn, type MailContext } from './templates.ts';

const EMAIL_CHANGE_TEXTS = defineMessages({
  confirmSubject: {
    id: 'mail.emailChangeConfirmSubject',
    defaultMessage: 'Confirm your new email address for {productName}',
  },
  confirmIntro: {
    id: 'mail.emailChangeConfirmIntro',
    defaultMessage:
      'The {productName} account {username} asked to use this email address. Confirm it to make the change.',
  },
  confirmAction: { id: 'mail.emailChangeConfirmAction', defaultMessage: 'Confirm this address' },
  confirmTextAction: {
    id: 'mail.emailChangeConfirmTextAction',
    defaultMessage: 'Confirm this address: {link}',
    description: 'The plain-text mail: the link follows the colon.',
  },
  confirmFooter: {
    id: 'mail.emailChangeConfirmFooter',
    defaultMessage:
      'The link is valid for {hours, plural, one {# hour} other {# hours}}. If you did not ask for it, ignore this mail: nothing changes.',
  },
  undoSubject: {
    id: 'mail.emailChangeUndoSubject',
    defaultMessage: 'Your {productName} email address was changed',
  },
  undoIntro: {
    id: 'mail.emailChangeUndoIntro',
    defaultMessage:
      'The email address of your {productName} account {username} was changed from this address to {newEmail}.',
  },
  undoAdvice: {
    id: 'mail.emailChangeUndoAdvice',
    defaultMessage:
      'If it was not you, undo the change: your account gets this address back and every browser is signed out. Then reset your password.',
  },
  undoAction: { id: 'mail.emailChangeUndoAction', defaultMessage: 'Undo the change' },
  undoTextAction: {
    id: 'mail.emailChangeUndoTextAction',
    defaultMessage: 'Undo the change: {link}',
    description: 'The plain-text mail: the link follows the colon.',
  },
  undoFooter: {
    id: 'mail.emailChangeUndoFooter',
    defaultMessage:
      'The link is valid for {days, plural, one {# day} other {# days}}. If it was you, you can ignore this mail.',
  },
});

/** To the new address: the link that confirms it (valid `hours`). */
export function emailChangeConfirmMail(
  context: MailContext,
  to: string,
  change: { username: string; token: string; hours: number },
): MailMessage {
  const link = `${context.publicUrl}/settings/email/confirm?token=${change.token}`;
  const say = wordsIn(context, EMAIL_CHANGE_TEXTS);
  const intro = say('confirmIntro', { username: change.username });
  const footer = say('confirmFooter', { hours: change.hours });
  return {
    purpose: 'email-change-confirm',
    to,
    subject: say('confirmSubject'),
    text: `${intro}\n\n${say('confirmTextAction', { link })}\n\n${footer}\n`,
    html: htmlBody(context, [intro], { label: say('confirmAction'), href: link }, footer),
    link,
  };
}

/**
 * To the old address once the change is made: what happened, when and from where, and the
 * link that undoes it (valid `days`).
 */
export function emailChangeUndoMail(
  context: MailContext,
  to: string,
  change: SecurityCircumstances & {
    username: string;
    newEmail: string;
    token: string;
    days: number;
  },
): MailMessage {
  const link = `${context.publicUrl}/settings/email/undo?token=${change.token}`;
  const say = wordsIn(context, EMAIL_CHANGE_TEXTS);
  const intro = say('undoIntro', { username: change.username, newEmail: change.newEmail });
  const details = circumstanceLines(context, change);
  const advice = say('undoAdvice');
  const footer = say('undoFooter', { days: change.days });
  return {
    purpose: 'email-change-undo',
    to,
    subject: say('undoSubject'),
    text:
      `${intro}\n\n${details.join('\n')}\n\n${advice}\n` +
      `${say('undoTextAction', { link })}\n\n${footer}\n`,
    html: htmlBody(
      context,
      [intro, ...details, advice],
      { label: say('undoAction'), href: link },
      footer,
    ),
    link,
  };
}
