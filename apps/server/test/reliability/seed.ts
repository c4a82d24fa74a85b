/**
 * Members made straight in the database for the tests that drive a server
 * process over HTTP: verified, with a known password and a session each (an
 * access token and its refresh token), as if they had just logged in.
 */
import { systemClock } from '../../src/lib/clock.ts';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { newReferralCode } from '../../src/lib/random-codes.ts';
import type { AuthContext } from '../../src/modules/auth/auth-context.ts';
import { hashPassword } from '../../src/modules/auth/passwords.ts';
import { startSession } from '../../src/modules/auth/session-service.ts';
import { insertUser, markEmailVerified } from '../../src/modules/auth/users-repository.ts';
import { PASSWORD } from '../helpers/auth-flow.ts';

export interface SeededMember {
  id: number;
  username: string;
  accessToken: string;
  refreshToken: string;
}

let seeded = 0;

/** `count` members; `authSecret` and `publicUrl` must be the servers' (AUTH_SECRET, PUBLIC_URL). */
export async function seedMembers(
  database: DatabaseHandle,
  settings: { authSecret: string; publicUrl: string },
  count: number,
): Promise<SeededMember[]> {
  const passwordHash = await hashPassword(PASSWORD);
  const context = {
    db: database.db,
    clock: systemClock,
    config: { PUBLIC_URL: settings.publicUrl },
    authSecret: new TextEncoder().encode(settings.authSecret),
  } as unknown as AuthContext;
  const members: SeededMember[] = [];
  const now = new Date();
  for (let i = 0; i < count; i++) {
    seeded += 1;
    const username = `load_${process.pid}_${seeded}`;
    const id = await insertUser(database.db, {
      email: `${username}@example.com`,
      username,
      passwordHash,
      referralCode: newReferralCode(),
      referredByUserId: null,
      inviteId: null,
      createdAt: now,
    });
    await markEmailVerified(database.db, id, now);
    const session = await startSession(context, id);
    members.push({ id, username, ...session });
  }
  return members;
}
