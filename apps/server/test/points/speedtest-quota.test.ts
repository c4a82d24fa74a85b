/** GET /speedtests/quota: what the validator extension plans its day with. */
import { describe, expect, it } from 'vitest';
import { dataEnvelope, speedtestQuotaSchema } from '@netpulse/shared';
import { signedInPerson } from '../helpers/auth-flow.ts';
import { call, completeSpeedtest, measuredSpeedtest, renewSession } from '../helpers/points.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp({ env: { SPEEDTEST_DAILY_LIMIT: '2', SPEEDTEST_MIN_INTERVAL_S: '600' } });

const quota = async (person: { accessToken: string }) => {
  const response = await call(t, person, 'GET', '/speedtests/quota');
  expect(response.statusCode, response.body).toBe(200);
  return dataEnvelope(speedtestQuotaSchema.strict()).parse(response.json()).data;
};

describe('GET /speedtests/quota', () => {
  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/api/speedtests/quota' });
    expect(response.statusCode).toBe(401);
  });

  it('a new user may open a test now; the count resets at the next UTC midnight', async () => {
    const person = await signedInPerson(t);
    expect(await quota(person)).toEqual({
      dailyLimit: 2,
      creditedToday: 0,
      minIntervalSeconds: 600,
      nextOpenAt: '2026-03-10T12:00:00.000Z',
      resetsAt: '2026-03-11T00:00:00.000Z',
    });
  });

  it('counts credited tests and waits out the interval, then the reset once the limit is used', async () => {
    const person = await signedInPerson(t);
    const first = await measuredSpeedtest(t, person);
    expect((await completeSpeedtest(t, person, { testId: first })).statusCode).toBe(200);
    expect(await quota(person)).toMatchObject({
      creditedToday: 1,
      nextOpenAt: '2026-03-10T12:10:00.000Z',
    });

    t.clock.advance(10 * 60_000);
    await renewSession(t, person);
    const second = await measuredSpeedtest(t, person);
    expect((await completeSpeedtest(t, person, { testId: second })).statusCode).toBe(200);
    expect(await quota(person)).toMatchObject({
      creditedToday: 2,
      nextOpenAt: '2026-03-11T00:00:00.000Z',
    });
  });
});
