import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.ts';
import { toNodemailerMessage } from './nodemailer-message.ts';

/** Sends through the SMTP server of SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail(toNodemailerMessage(message, from));
    },
    async close() {
      transport.close();
    },
  };
}
