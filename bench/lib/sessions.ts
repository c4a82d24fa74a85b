/**
 * Signs seeded users in the way the server does at login: one refresh family
 * (session) per user in the database, and an access JWT naming it, signed with
 * the AUTH_SECRET the benchmark gave the server. Thousands of users are signed
 * in with one INSERT rather than thousands of logins (argon2 is not what the
 * benchmarks measure).
 */
import { sql } from 'drizzle-orm';
import { type Database, parseEnv, systemClock, issueAccessToken } from '@netpulse/server/tooling';

export interface BenchSession {
  userId: number;
  accessToken: string;
}

export async function signIn(
  db: Database,
  serverEnv: Record<string, string>,
  userIds: number[],
): Promise<BenchSession[]> {
  const config = parseEnv(serverEnv);
  const context = {
    config,
    clock: systemClock,
    authSecret: new TextEncoder().encode(serverEnv.AUTH_SECRET),
  };
  const result = await db.execute<{ id: string; user_id: number }>(sql`
    insert into refresh_families (user_id, expires_at)
    select unnest(${`{${userIds.join(',')}}`}::int[]), now() + interval '1 day'
    returning id, user_id`);
  const families = (result as unknown as { rows: { id: string; user_id: number }[] }).rows;
  return Promise.all(
    families.map(async (family) => ({
      userId: family.user_id,
      accessToken: await issueAccessToken(context, {
        userId: family.user_id,
        sessionId: family.id,
        kind: 'web',
      }),
    })),
  );
}

/**
 * `count` user ids spread over a seeded table of `maxUserId` users, all with
 * referees of their own (the seed's user n referred 4n..4n+3).
 */
export function spreadUserIds(count: number, maxUserId: number): number[] {
  return Array.from({ length: count }, (_, i) =>
    Math.max(1, Math.floor(((i + 1) * maxUserId) / (count * 5))),
  );
}
