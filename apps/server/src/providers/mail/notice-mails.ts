/**
 * The notifications' mails (issue 30): one notice, or the day's digest of them, written
 * from the notices' own texts (already in the recipient's language), each with the way to
 * the notice's page, the one-click unsubscribe of its event (RFC 8058) and the settings.
 * Written like templates.ts: text and HTML parts, values escaped in the HTML by htmlBody.
 */
import { defineMessages } from '@netpulse/i18n';
import type { MailMessage } from './mailer.ts';
import { htmlBody, wordsIn, type MailContext } from './templates.ts';

const NOTICE_MAIL_TEXTS = defineMessages({
  open: { id: 'mail.noticeOpen', defaultMessage: 'Open in {productName}' },
  textOpen: {
    id: 'mail.noticeTextOpen',
    defaultMessage: 'Open in {productName}: {link}',
    description: 'The plain-text mail: the link follows the colon.',
  },
  footer: {
    id: 'mail.noticeFooter',
    defaultMessage:
      'You get this mail because you chose to hear of this by mail in your {productName} notification settings.',
  },
  unsubscribe: { id: 'mail.noticeUnsubscribe', defaultMessage: 'Unsubscribe' },
  textUnsubscribe: {
    id: 'mail.noticeTextUnsubscribe',
    defaultMessage: 'Stop these mails: {link}',
    description: 'The plain-text mail: the link follows the colon.',
  },
  settings: { id: 'mail.noticeSettings', defaultMessage: 'Notification settings' },
  textSettings: {
    id: 'mail.noticeTextSettings',
    defaultMessage: 'Notification settings: {link}',
    description: 'The plain-text mail: the link follows the colon.',
  },
  digestSubject: {
    id: 'mail.digestSubject',
    defaultMessage: 'Your {productName} day: {count, plural, one {# notice} other {# notices}}',
  },
  digestIntro: {
    id: 'mail.digestIntro',
    defaultMessage: 'What happened in {productName} since your last digest:',
  },
  digestFooter: {
    id: 'mail.digestFooter',
    defaultMessage:
      'You get one mail a day because you chose the daily digest in your {productName} notification settings.',
  },
});

export interface MailedNotice {
  title: string;
  body: string;
  /** The notice's page, a full address. */
  link: string;
}

interface NoticeMailOptions {
  messageId: string;
  /** The one-click unsubscribe address (POST) and the page a person opens (GET). */
  unsubscribeUrl: string;
}

/** One notice, with the way to its page. */
export function noticeMail(
  context: MailContext,
  to: string,
  notice: MailedNotice,
  options: NoticeMailOptions,
): MailMessage {
  const say = wordsIn(context, NOTICE_MAIL_TEXTS);
  const settings = `${context.publicUrl}/settings`;
  const footer = say('footer');
  return {
    purpose: 'notice',
    to,
    subject: notice.title,
    text:
      `${notice.body}\n\n${say('textOpen', { link: notice.link })}\n\n${footer}\n` +
      `${say('textUnsubscribe', { link: options.unsubscribeUrl })}\n` +
      `${say('textSettings', { link: settings })}\n`,
    html: htmlBody(
      context,
      [notice.title, notice.body],
      { label: say('open'), href: notice.link },
      footer,
      [
        { label: say('unsubscribe'), href: options.unsubscribeUrl },
        { label: say('settings'), href: settings },
      ],
    ),
    link: notice.link,
    messageId: options.messageId,
    unsubscribeUrl: options.unsubscribeUrl,
  };
}

/**
 * The day's notices in one mail. Its unsubscribe turns off the mail of every event it
 * carries; its footer's settings link is the way to choose more finely.
 */
export function digestMail(
  context: MailContext,
  to: string,
  notices: readonly MailedNotice[],
  options: NoticeMailOptions,
): MailMessage {
  const say = wordsIn(context, NOTICE_MAIL_TEXTS);
  const link = `${context.publicUrl}/notifications`;
  const settings = `${context.publicUrl}/settings`;
  const footer = say('digestFooter');
  const lines = notices.map((notice) => `${notice.title}: ${notice.body}`);
  return {
    purpose: 'notice-digest',
    to,
    subject: say('digestSubject', { count: notices.length }),
    text:
      `${say('digestIntro')}\n\n` +
      notices.map((notice) => `- ${notice.title}\n  ${notice.body}\n  ${notice.link}`).join('\n') +
      `\n\n${say('textOpen', { link })}\n\n${footer}\n` +
      `${say('textUnsubscribe', { link: options.unsubscribeUrl })}\n` +
      `${say('textSettings', { link: settings })}\n`,
    html: htmlBody(
      context,
      [say('digestIntro'), ...lines],
      { label: say('open'), href: link },
      footer,
      [
        { label: say('unsubscribe'), href: options.unsubscribeUrl },
        { label: say('settings'), href: settings },
      ],
    ),
    link,
    messageId: options.messageId,
    unsubscribeUrl: options.unsubscribeUrl,
  };
}
