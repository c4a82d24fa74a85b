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
};
const NAMES = ['ada@example.com', 'ada'];

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
    await a.recordFailure('Ada', '10.0.0.9');
    await b.recordFailure('ada', '10.0.0.9');
    expect(await a.refusedFor('ADA', '10.0.0.9')).toBeGreaterThan(0);
    expect(await b.refusedFor('ada', '10.0.0.9')).toBeGreaterThan(0);
    expect(await b.refusedFor('ada', '10.0.0.1')).toBe(0);
    expect(await b.refusedFor('ada@example.com', '10.0.0.9')).toBe(0);
  });

  it('past the name-wide limit, lets in only an address the name logged in from', async () => {
    const [a, b] = limiters();
    await a.recordSuccess('ada', NAMES, '10.0.0.1');
    for (let i = 0; i < 4; i++)
      await (i % 2 ? a : b).recordFailure('ada@example.com', `10.9.0.${i}`);
    expect(await b.refusedFor('ada@example.com', '10.0.0.2')).toBeGreaterThan(0);
    expect(await b.refusedFor('ada@example.com', '10.0.0.1')).toBe(0);
  });

  it('a password reset on one server clears every count on the other', async () => {
    const [a, b] = limiters();
    for (let i = 0; i < 4; i++) await a.recordFailure('ada', `10.9.0.${i % 2}`);
    expect(await b.refusedFor('ada', '10.9.0.0')).toBeGreaterThan(0);
    expect(await b.refusedFor('ada', '10.0.0.2')).toBeGreaterThan(0);
    await a.clear(NAMES);
    expect(await b.refusedFor('ada', '10.9.0.0')).toBe(0);
    expect(await b.refusedFor('ada', '10.0.0.2')).toBe(0);
  });
});
