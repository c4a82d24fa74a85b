import type { SendMailOptions } from 'nodemailer';
import type { MailMessage } from './mailer.ts';

/**
 * The nodemailer form of a mail, shared by the SMTP and the file transport so
 * both produce the same MIME message. Quoted-printable keeps the text readable
 * in a raw .eml (links stay greppable once soft line breaks are undone).
 */
export function toNodemailerMessage(message: MailMessage, from: string): SendMailOptions {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    textEncoding: 'quoted-printable',
    ...(message.messageId ? { messageId: message.messageId } : {}),
    ...(message.unsubscribeUrl
      ? {
          headers: {
            'List-Unsubscribe': `<${message.unsubscribeUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
  };
}
