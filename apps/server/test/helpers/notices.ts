/** Notices the notifications' tests make, and their mail. */
import type { NewNotice } from '../../src/modules/notifications/index.ts';
import type { ReadMail } from './mail.ts';

/** The notice that `referee`, referred by `userId`, qualified (200 Bytes of bonus). */
export const qualifiedNotice = (userId: number, referee: string): NewNotice => ({
  userId,
  type: 'referral_qualified',
  params: { referee, bonus: 200 },
  link: '/referral',
  dedupeKey: `refq:${referee}`,
});

/** That the node `node` of `userId` went quiet: mailed by default. */
export const offlineNotice = (userId: number, node: string): NewNotice => ({
  userId,
  type: 'node_offline',
  params: { node, minutes: 30 },
  link: '/nodes',
  dedupeKey: `offline:${userId}:${node}`,
});

/** The notices' own mails among `mails` (a sign-in's security mail is not one). */
export const noticeMails = (mails: readonly ReadMail[]) =>
  mails.filter((mail) => /^<notice-\d+-mail@/.test(mail.headers.get('message-id') ?? ''));
