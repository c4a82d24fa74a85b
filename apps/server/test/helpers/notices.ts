/** Notices the notifications' tests make. */
import type { NewNotice } from '../../src/modules/notifications/index.ts';

/** The notice that `referee`, referred by `userId`, qualified (200 Bytes of bonus). */
export const qualifiedNotice = (userId: number, referee: string): NewNotice => ({
  userId,
  type: 'referral_qualified',
  params: { referee, bonus: 200 },
  link: '/referral',
  dedupeKey: `refq:${referee}`,
});
