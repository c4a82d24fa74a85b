import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../env.ts';
import type { Mailer } from './mailer.ts';
import { createFileMailer } from './file-mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';
import { trackInFlight } from './track-in-flight.ts';

/** The sender address: MAIL_FROM, else the product name at a local address. */
export function mailSenderOf(config: Config): string {
  return config.MAIL_FROM ?? `${config.PRODUCT_NAME} <no-reply@localhost>`;
}

/** SMTP when SMTP_URL is set; otherwise .eml files under DATA_DIR/mail (docs/ARCHITECTURE.md section 3). */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const from = mailSenderOf(config);
  const mailer = config.SMTP_URL
    ? createSmtpMailer(config.SMTP_URL, from)
    : createFileMailer(join(config.DATA_DIR, 'mail'), from, log);
  return trackInFlight(mailer);
}
