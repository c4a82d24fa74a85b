/**
 * The production shape (README "Running more than one server"): two server
 * processes on one PostgreSQL database, sharing limits through Redis. Claims
 * happen once whichever process takes them, the per-address and per-account
 * limits hold across both, a refresh token rotated on one is refused replayed
 * on the other, and a process killed mid-load loses nothing it acknowledged.
 * Runs in the PostgreSQL pass of .ci/run, which sets TEST_DATABASE_URL and
 * TEST_REDIS_URL.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Challenge } from 'altcha-lib';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fromPostgres, type DatabaseHandle } from '../../src/db/client.ts';
import { refreshTokens } from '../../src/db/tables/auth-tables.ts';
import { pointTransactions } from '../../src/db/tables/ledger-tables.ts';
import { hashToken } from '../../src/lib/random-codes.ts';
import { prepareDatabase } from '../../src/bootstrap.ts';
import { PASSWORD } from '../helpers/auth-flow.ts';
import { solve } from '../helpers/captcha.ts';
import { expectLedgerInvariant } from '../helpers/ledger.ts';
import { freshPostgresDatabase } from '../helpers/test-database.ts';
import { seedMembers } from './seed.ts';
import { callServer, startServer, type ServerProcess } from './server-process.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const runs = Boolean(process.env.TEST_DATABASE_URL && redisUrl);

const AUTH_SECRET = randomBytes(32).toString('hex');
const PUBLIC_URL = 'http://netpulse.test';
const API = '/v1/api';

async function fetchChallengeFrom(baseUrl: string): Promise<Challenge> {
  const response = await fetch(`${baseUrl}${API}/captcha/challenge`);
  const { parameters, signature } = (await response.json()) as Challenge;
  return { parameters, signature };
}

describe.runIf(runs)(
  'two server processes on PostgreSQL (TEST_DATABASE_URL) + Redis (TEST_REDIS_URL)',
  () => {
    let databaseUrl: { url: string; drop: () => Promise<void> };
    let database: DatabaseHandle;
    let a: ServerProcess;
    let b: ServerProcess;
    let env: Record<string, string>;

    let redis: Redis;
    // Every test starts with no limit used: counts left by another would answer for it.
    const forgetLimits = async () => {
      const keys = await redis.keys('netpulse:*');
      if (keys.length > 0) await redis.del(...keys);
    };
    beforeEach(() => forgetLimits());

    beforeAll(async () => {
      redis = new Redis(redisUrl!);
      databaseUrl = (await freshPostgresDatabase())!;
      database = fromPostgres(databaseUrl.url, 4);
      await prepareDatabase(database);
      env = {
        DATABASE_URL: databaseUrl.url,
        REDIS_URL: redisUrl!,
        AUTH_SECRET,
        PUBLIC_URL,
        ALTCHA_MAX_NUMBER: '1000',
      };
      [a, b] = await Promise.all([startServer(env), startServer(env)]);
    }, 120_000);

    afterAll(async () => {
      await Promise.all([a?.kill('SIGTERM'), b?.kill('SIGTERM')]);
      await database?.close();
      await databaseUrl?.drop();
      await redis?.quit();
    });

    it('claims happen once, whichever process takes them', async () => {
      const members = await seedMembers(
        database,
        { authSecret: AUTH_SECRET, publicUrl: PUBLIC_URL },
        10,
      );
      const answers = await Promise.all(
        members.flatMap((member) =>
          Array.from({ length: 6 }, (_, i) =>
            callServer(i % 2 ? a.url : b.url, 'POST', `${API}/daily-claim`, {
              token: member.accessToken,
            }).then((answer) => ({ member, status: answer?.status })),
          ),
        ),
      );
      for (const member of members) {
        const statuses = answers.filter((x) => x.member === member).map((x) => x.status);
        expect(statuses.sort()).toEqual([200, 409, 409, 409, 409, 409]);
      }
      await expectLedgerInvariant(database);
    });

    it('the per-address limit holds across both processes', async () => {
      // Login allows 20 a minute per address: 15 to each process make 30, of which 10 are refused.
      const statuses = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          callServer(i % 2 ? a.url : b.url, 'POST', `${API}/auth/login`, { payload: {} }).then(
            (answer) => answer?.status,
          ),
        ),
      );
      expect(statuses.filter((status) => status === 429)).toHaveLength(10);
      expect(statuses.filter((status) => status === 400)).toHaveLength(20);
    });

    it('the login throttle (per name and address) holds across both processes', async () => {
      const [member] = await seedMembers(
        database,
        { authSecret: AUTH_SECRET, publicUrl: PUBLIC_URL },
        1,
      );
      const login = async (server: ServerProcess, password: string) => {
        const captchaResponse = await solve(await fetchChallengeFrom(server.url));
        const answer = await callServer(server.url, 'POST', `${API}/auth/login`, {
          payload: { emailOrUsername: member!.username, password, captchaResponse },
        });
        return answer?.status;
      };
      // Five wrong passwords from one address, alternating between the processes, refuse it on both.
      for (let i = 0; i < 5; i++) expect(await login(i % 2 ? a : b, 'wrong password')).toBe(401);
      expect(await login(a, PASSWORD)).toBe(429);
      expect(await login(b, PASSWORD)).toBe(429);
    });

    it('the passkey sign-in throttle (per address) holds across both processes', async () => {
      const signIn = async (server: ServerProcess) => {
        const answer = await callServer(server.url, 'POST', `${API}/auth/passkey`, {
          payload: { challenge: randomBytes(32).toString('base64url'), response: { id: 'x' } },
        });
        return answer?.status;
      };
      // Ten failed passkey sign-ins from one address, alternating, refuse the next on both.
      for (let i = 0; i < 10; i++) expect(await signIn(i % 2 ? a : b)).toBe(400);
      expect(await signIn(a)).toBe(429);
      expect(await signIn(b)).toBe(429);
    });

    it('a refresh token rotated on one process is refused replayed on the other, and its family dies', async () => {
      const [member] = await seedMembers(
        database,
        { authSecret: AUTH_SECRET, publicUrl: PUBLIC_URL },
        1,
      );
      const cookie = (token: string) => `refresh_token=${token}`;
      const rotated = await callServer(a.url, 'POST', `${API}/auth/refresh-token`, {
        cookie: cookie(member!.refreshToken),
      });
      expect(rotated?.status).toBe(200);
      const next = /refresh_token=([^;]+)/.exec(rotated!.setCookie.join(';'))?.[1];
      expect(next).toBeDefined();
      // Past the two-tab grace window, as if a minute had gone by.
      await database.db
        .update(refreshTokens)
        .set({ rotatedAt: sql`now() - interval '1 minute'` })
        .where(eq(refreshTokens.tokenHash, hashToken(member!.refreshToken)));
      const replayed = await callServer(b.url, 'POST', `${API}/auth/refresh-token`, {
        cookie: cookie(member!.refreshToken),
      });
      expect(replayed?.status).toBe(401);
      const successor = await callServer(a.url, 'POST', `${API}/auth/refresh-token`, {
        cookie: cookie(next!),
      });
      expect(successor?.status).toBe(401);
    });

    it('a process killed mid-load loses nothing it acknowledged; the other carries on', async () => {
      const members = await seedMembers(
        database,
        { authSecret: AUTH_SECRET, publicUrl: PUBLIC_URL },
        // Under the claim limit of 60 a minute per address, retries included.
        30,
      );
      const acknowledged: { userId: number; transactionId: string }[] = [];
      const claim = async (server: ServerProcess, member: (typeof members)[number]) => {
        const answer = await callServer(server.url, 'POST', `${API}/daily-claim`, {
          token: member.accessToken,
        });
        if (answer?.status === 200) {
          acknowledged.push({
            userId: member.id,
            transactionId: String(answer.body?.data?.transaction_id),
          });
        }
        return answer;
      };
      const load = Promise.all(
        members.map(async (member, i) => {
          await new Promise((resolve) => setTimeout(resolve, i * 4));
          const answer = await claim(i % 2 ? a : b, member);
          // What the dead process did not answer, the client retries on the living one.
          if (!answer) await claim(b, member);
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 60));
      await a.kill('SIGKILL');
      await load;

      const ledger = await database.db
        .select({
          userId: pointTransactions.userId,
          transactionId: pointTransactions.transactionId,
        })
        .from(pointTransactions)
        .where(eq(pointTransactions.transactionType, 'daily_claim'));
      const inLedger = new Set(ledger.map((row) => row.transactionId));
      for (const ack of acknowledged)
        expect(inLedger, 'an acknowledged claim').toContain(ack.transactionId);
      const claimsPerMember = new Map<number, number>();
      for (const row of ledger)
        claimsPerMember.set(row.userId, (claimsPerMember.get(row.userId) ?? 0) + 1);
      // Each member claimed exactly once: none lost to the kill, none twice through the retry.
      expect(members.map((member) => claimsPerMember.get(member.id))).toEqual(members.map(() => 1));
      await expectLedgerInvariant(database);
      // Bring the process back for any later test, on the same database.
      a = await startServer(env);
    }, 120_000);
  },
);
