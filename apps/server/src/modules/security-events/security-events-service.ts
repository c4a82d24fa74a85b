/**
 * The account's security events (issue 29): each is kept for the person's data export and
 * told to the account by mail. Browser and network only, never the address (lib/ helpers).
 */
import type { FastifyInstance } from 'fastify';
import type { Queryable, Transaction } from '../../db/client.ts';
import { inTransaction, whenCommitted } from '../../db/transaction.ts';
import { networkOf } from '../../lib/address-network.ts';
import { browserNameOf } from '../../lib/browser-name.ts';
import { securityNoticeMail } from '../../providers/mail/security-mails.ts';
import { sendSafely } from '../../providers/mail/send-safely.ts';
import { notify } from '../notifications/index.ts';
import { mailContextOf } from '../../providers/mail/templates.ts';
import {
  insertSecurityEvent,
  mailRecipientOf,
  type SecurityEventType,
} from './security-events-repository.ts';

/** What recording an event uses of the app (routes pass the app itself). */
export type SecurityEventContext = Pick<
  FastifyInstance,
  'db' | 'clock' | 'config' | 'mailer' | 'log'
>;

export interface SecurityEvent {
  userId: number;
  type: SecurityEventType;
  /** The user agent of the request that did it. */
  userAgent?: string | undefined;
  /** The address of the request that did it (reduced to its network). */
  address?: string | undefined;
}

/**
 * Records an event, tells it in the app (a notice) and mails it to the account. `db` is the transaction of the change it
 * tells of when there is one, so the event exists exactly when the change does; record it
 * after the change, since the mail goes to the address the account has then. The mail
 * leaves only once the change committed (never for one rolled back), and is handed to the
 * mailer without waiting: a mail server that is slow or down changes nothing of the answer.
 */
export async function recordSecurityEvent(
  context: SecurityEventContext,
  event: SecurityEvent,
  db: Queryable = context.db,
): Promise<void> {
  const at = context.clock.now();
  const circumstances = {
    at,
    browser: browserNameOf(event.userAgent),
    network: networkOf(event.address),
  };
  // The event and its notice in the app are written together: in the change's transaction
  // when there is one, else in their own.
  const recordWithNotice = async (tx: Transaction) => {
    const id = await insertSecurityEvent(tx, {
      userId: event.userId,
      type: event.type,
      createdAt: at,
      ...circumstances,
    });
    await notify(
      tx,
      {
        userId: event.userId,
        type: 'security',
        params: { event: event.type },
        link: '/settings',
        dedupeKey: `security:${id}`,
      },
      at,
    );
  };
  if ('rollback' in db) await recordWithNotice(db as Transaction);
  else await inTransaction(context.db, recordWithNotice);
  const recipient = await mailRecipientOf(db, event.userId);
  if (!recipient) return;
  whenCommitted(db, () => {
    try {
      const mail = securityNoticeMail(
        mailContextOf(context.config, recipient.locale),
        recipient.email,
        { type: event.type, ...circumstances },
      );
      void sendSafely(context.mailer, context.log, mail);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      context.log.error({ type: event.type, reason }, 'security mail could not be written');
    }
  });
}
