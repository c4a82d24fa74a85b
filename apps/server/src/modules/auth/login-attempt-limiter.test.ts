import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { connectRedis } from '../../lib/redis.ts';
import {
  InMemoryAttemptStore,
  LoginAttemptLimiter,
  RedisAttemptStore,
  type AttemptStore,
} from './login-attempt-limiter.ts';

const POLICY = {
  addressFailureLimit: 2,
  addressFailureWindowMs: 60_000,
  nameFailureLimit: 4,
  nameFailureWindowMs: 600_000,
  knownAddressLifetimeMs: 3_600_000,
  namelessFailureLimit: 3,
};
const NAMES = ['ada@example.com', 'ada'];
const ADA = { id: 7, names: NAMES };
/** A failure as login-service records it: the name typed and the account it names, if any. */
const as = (typedName: string, accountId?: number) => ({ typedName, accountId });

const redisUrl = process.env.TEST_REDIS_URL;
const redis = redisUrl ? connectRedis(redisUrl) : null;
afterAll(async () => {
  await redis?.quit();
});

const clock = new ManualClock();
/** Two servers' stores of the same counts: in memory, one server's store twice. */
const stores: [string, () => [AttemptStore, AttemptStore]][] = [
  [
    'in memory',
    () => {
      const store = new InMemoryAttemptStore(clock);
      return [store, store];
    },
  ],
];
if (redis) {
  stores.push([
    'in Redis, shared by two servers',
    () => {
      const prefix = `netpulse:test-login-${Date.now()}-${Math.random()}:`;
      return [
        new RedisAttemptStore(redis, clock, prefix),
        new RedisAttemptStore(redis, clock, prefix),
      ];
    },
  ]);
}

describe.each(stores)('the login throttle %s', (_name, makeStores) => {
  const limiters = () =>
    makeStores().map((store) => new LoginAttemptLimiter(store, clock, POLICY)) as [
      LoginAttemptLimiter,
      LoginAttemptLimiter,
    ];

  it('refuses a name from the address that failed, not from another', async () => {
    const [a, b] = limiters();
    await a.recordFailure(as('Ada', ADA.id), '10.0.0.9');
    await b.recordFailure(as('ada', ADA.id), '10.0.0.9');
    expect(await a.refusedFor('ADA', '10.0.0.9')).toBeGreaterThan(0);
    expect(await b.refusedFor('ada', '10.0.0.9')).toBeGreaterThan(0);
    expect(await b.refusedFor('ada', '10.0.0.1')).toBe(0);
    expect(await b.refusedFor('ada@example.com', '10.0.0.9')).toBe(0);
  });

  it('past the name-wide limit, lets in only an address the name logged in from', async () => {
    const [a, b] = limiters();
    await a.recordSuccess('ada', NAMES, '10.0.0.1');
    for (let i = 0; i < 4; i++)
      await (i % 2 ? a : b).recordFailure(as('ada@example.com', ADA.id), `10.9.0.${i}`);
    expect(await b.refusedFor('ada@example.com', '10.0.0.2')).toBeGreaterThan(0);
    expect(await b.refusedFor('ada@example.com', '10.0.0.1')).toBe(0);
  });

  it('a password reset on one server clears every count on the other', async () => {
    const [a, b] = limiters();
    for (let i = 0; i < 4; i++) await a.recordFailure(as('ada', ADA.id), `10.9.0.${i % 2}`);
    expect(await b.refusedFor('ada', '10.9.0.0')).toBeGreaterThan(0);
    expect(await b.refusedFor('ada', '10.0.0.2')).toBeGreaterThan(0);
    await a.clear(ADA);
    expect(await b.refusedFor('ada', '10.9.0.0')).toBe(0);
    expect(await b.refusedFor('ada', '10.0.0.2')).toBe(0);
  });

  /** What login answers for one attempt: 429 (refusedFor), or whether the password is heard. */
  async function answerTo(limiter: LoginAttemptLimiter, typedName: string, accountId?: number) {
    const address = '10.0.0.2';
    if ((await limiter.refusedFor(typedName, address)) > 0) return 'refused';
    return (await limiter.accountRefuses(as(typedName, accountId), address))
      ? 'password not heard'
      : 'password heard';
  }

  it('counts failures of the email and the username together, whatever address they come from', async () => {
    const [a, b] = limiters();
    await a.recordSuccess('ada', NAMES, '10.0.0.1');
    for (let i = 0; i < 4; i++) {
      await (i % 2 ? a : b).recordFailure(as(NAMES[i % 2]!, ADA.id), `10.9.${i}.1`);
    }
    // Neither name reached its own limit, so neither is refused where it shows; but the
    // account did, so from a new address its password is not heard, by either name.
    expect(await answerTo(b, 'ada', ADA.id)).toBe('password not heard');
    expect(await answerTo(a, 'ADA@example.com', ADA.id)).toBe('password not heard');
    // An address the account logged in from is heard, by either name.
    expect(await a.accountRefuses(as('ada', ADA.id), '10.0.0.1')).toBe(false);
    expect(await b.accountRefuses(as('Ada@Example.com', ADA.id), '10.0.0.1')).toBe(false);
  });

  it('answers two names of one account as it answers two unknown names, at every count', async () => {
    const [a, b] = limiters();
    const account: string[] = [];
    const unknown: string[] = [];
    for (let i = 0; i < 10; i++) {
      account.push(await answerTo(b, NAMES[i % 2]!, ADA.id));
      unknown.push(await answerTo(b, ['eve@example.com', 'eve'][i % 2]!));
      await a.recordFailure(as(NAMES[i % 2]!, ADA.id), `10.9.${i}.1`);
      await a.recordFailure(as(['eve@example.com', 'eve'][i % 2]!), `10.9.${i}.1`);
    }
    // What shows (refused or not) is the same; only whether a right password would work differs.
    const shown = (answer: string) => (answer === 'refused' ? answer : 'answered');
    expect(account.map(shown)).toEqual(unknown.map(shown));
    expect(unknown.slice(0, 8).every((answer) => answer === 'password heard')).toBe(true);
    expect(unknown.slice(8)).toEqual(['refused', 'refused']);
  });

  it('an unknown name is refused at the same count as an account name', async () => {
    const [a, b] = limiters();
    for (let i = 0; i < 3; i++) {
      await a.recordFailure(as('ada', ADA.id), `10.9.${i}.1`);
      await a.recordFailure(as('nobody'), `10.9.${i}.1`);
    }
    expect(await b.refusedFor('ada', '10.0.0.2')).toBe(0);
    expect(await b.refusedFor('nobody', '10.0.0.2')).toBe(0);
    await a.recordFailure(as('ada', ADA.id), '10.9.9.1');
    await a.recordFailure(as('nobody'), '10.9.9.1');
    // The same minutes to wait (Redis keeps the time, so the milliseconds may differ by a few).
    const minutes = async (name: string) =>
      Math.ceil((await b.refusedFor(name, '10.0.0.2')) / 60_000);
    expect(await minutes('ada')).toBe(10);
    expect(await minutes('nobody')).toBe(10);
  });

  it("a password reset on one server clears the account's count on the other", async () => {
    const [a, b] = limiters();
    for (let i = 0; i < 4; i++) await a.recordFailure(as(NAMES[i % 2]!, ADA.id), `10.9.${i}.1`);
    expect(await b.accountRefuses(as('ada', ADA.id), '10.0.0.2')).toBe(true);
    await a.clear(ADA);
    expect(await b.accountRefuses(as('ada', ADA.id), '10.0.0.2')).toBe(false);
    expect(await b.accountRefuses(as('ada@example.com', ADA.id), '10.0.0.2')).toBe(false);
  });

  it('refuses nameless sign-ins (passkeys) from the address that failed them, on both servers, and no name', async () => {
    const [a, b] = limiters();
    for (let i = 0; i < 2; i++) await (i % 2 ? a : b).recordNamelessFailure('10.0.0.9');
    expect(await b.namelessRefusedFor('10.0.0.9')).toBe(0);
    await a.recordNamelessFailure('10.0.0.9');
    expect(Math.ceil((await b.namelessRefusedFor('10.0.0.9')) / 60_000)).toBe(1);
    expect(await a.namelessRefusedFor('10.0.0.8')).toBe(0);
    // They name no account: a password login from that address is not refused by them.
    expect(await b.refusedFor('ada', '10.0.0.9')).toBe(0);
  });
});
