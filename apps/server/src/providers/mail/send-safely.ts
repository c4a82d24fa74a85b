import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from './mailer.ts';

/**
 * Sends a mail and never throws: a mail server that is down must not change the
 * answer of the request that wanted the mail. The log names the purpose and the
 * reason only; the message carries a secret link, so it is never logged.
 */
export async function sendSafely(
  mailer: Mailer,
  log: FastifyBaseLogger,
  message: MailMessage,
): Promise<void> {
  try {
    await mailer.send(message);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.error({ purpose: message.purpose, reason }, 'mail could not be sent');
  }
}
