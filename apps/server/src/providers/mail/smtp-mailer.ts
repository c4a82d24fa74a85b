import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.ts';
import { toNodemailerMessage } from './nodemailer-message.ts';

/**
 * At most this many SMTP connections at once. The notices' mail jobs send many mails at a
 * time, and a connection opened per mail (TCP, greeting, EHLO, perhaps TLS and AUTH) cost
 * more than the mail itself; a pool keeps a few open and sends each mail on a free one.
 */
export const SMTP_MAX_CONNECTIONS = 5;

/** Sends through the SMTP server of SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: SMTP_MAX_CONNECTIONS,
  });
  return {
    async send(message) {
      await transport.sendMail(toNodemailerMessage(message, from));
    },
    async close() {
      transport.close();
    },
  };
}
