/**
 * No request can fail another (docs/ARCHITECTURE.md section 8, decision 010). The
 * reads below are batched across the requests in flight, so a request that
 * lands in the same batch as a hostile one must still get exactly the answer it
 * gets alone, and the hostile one a 4xx envelope (or, for a page far past the
 * end, an empty page). Each round sends, in one turn
 * of the event loop, the valid requests of several people to every batched route
 * mixed with hostile ones (edge dates, huge pages, bad cycles, bad tokens).
 * `.ci/run` runs this on PGlite and again on PostgreSQL.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { call, dailyClaim } from '../helpers/points.ts';
import {
  BACK_TO_BACK_SPEEDTESTS,
  creditedTests,
  signedInMember,
  signedInReferee,
  type Member,
} from '../helpers/referrals.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { answerOf, VALID_READS, type Answer } from './batched-reads.ts';

const t = useTestApp({ env: { ...BACK_TO_BACK_SPEEDTESTS, RATE_LIMIT_DISABLED: 'true' } });

const ROUNDS = Number(process.env.HOSTILE_RUNS ?? 12);

/** Inputs that reached SQL and failed the batch they were read in, or came close to. */
const HOSTILE_READS = [
  '/transactions?endDate=9999-12-31',
  '/transactions?startDate=0000-01-01',
  '/transactions?startDate=0001-01-01&endDate=9999-12-31&season=Kilo',
  '/transactions?pageNumber=1000000&pageSize=5',
  '/transactions?pageNumber=2147483648&pageSize=5',
  '/transactions?pageSize=100000',
  '/transactions?season=Exa',
  '/transactions?season=kilo',
  '/referrals-status?endDate=9999-12-31',
  '/referrals-status?startDate=0000-01-01&endDate=0000-01-02',
  '/referrals-status?pageNumber=999999&pageSize=5',
  '/points?pageNumber=1000000&pageSize=5',
  '/points?pageNumber=-1',
  '/dashboard-stats?season=Exa',
];

const BAD_TOKENS = ['x'.repeat(40) + '.e30.AAAA', '', 'null'];

/** People with something in every list: claims, credited tests, and a referee. */
async function peopleWithData(): Promise<Member[]> {
  const referrer = await signedInMember(t);
  const referee = await signedInReferee(t, referrer);
  const other = await signedInMember(t);
  for (const person of [referrer, referee, other]) {
    expect((await dailyClaim(t, person)).statusCode).toBe(200);
  }
  await creditedTests(t, referee, 3);
  await creditedTests(t, other, 2, { remoteAddress: '10.1.2.3' });
  return [referrer, referee, other];
}

it('valid requests batched with hostile ones get exactly the answer they get alone', async () => {
  const people = await peopleWithData();
  const valid = people.flatMap((person) => VALID_READS.map((path) => ({ person, path })));

  const alone = new Map<string, Answer>();
  for (const { person, path } of valid) {
    const answer = answerOf(await call(t, person, 'GET', path));
    expect(answer.status, `${person.username} ${path} alone`).toBe(200);
    alone.set(`${person.id} ${path}`, answer);
  }

  const hostile = fc.oneof(
    fc.record({ kind: fc.constant('input' as const), path: fc.constantFrom(...HOSTILE_READS) }),
    fc.record({
      kind: fc.constant('token' as const),
      path: fc.constantFrom(...VALID_READS),
      token: fc.constantFrom(...BAD_TOKENS),
    }),
  );
  const round = fc.record({
    valid: fc.shuffledSubarray(valid, { minLength: 2 }),
    hostile: fc.array(hostile, { minLength: 1, maxLength: 6 }),
    // Where the hostile requests stand among the valid ones in the turn.
    order: fc.array(fc.nat(), { maxLength: 6 }),
  });

  let hostileSent = 0;
  await fc.assert(
    fc.asyncProperty(round, async (drawn) => {
      const requests: {
        kind: 'valid' | 'hostile';
        what: string;
        accessToken: string;
        path: string;
      }[] = drawn.valid.map(({ person, path }) => ({
        kind: 'valid',
        what: `${person.id} ${path}`,
        accessToken: person.accessToken,
        path,
      }));
      drawn.hostile.forEach((entry, index) => {
        const person = people[index % people.length]!;
        const at = (drawn.order[index] ?? 0) % (requests.length + 1);
        requests.splice(at, 0, {
          kind: 'hostile',
          what: `${entry.path} (${entry.kind})`,
          accessToken: entry.kind === 'token' ? entry.token : person.accessToken,
          path: entry.path,
        });
      });
      // All in one turn of the event loop, so they share the batches.
      const responses = await Promise.all(requests.map((r) => call(t, r, 'GET', r.path)));
      responses.forEach((response, index) => {
        const request = requests[index]!;
        const what = `${request.what} -> ${response.statusCode} ${response.body.slice(0, 200)}`;
        if (request.kind === 'valid') {
          expect(answerOf(response), what).toEqual(alone.get(request.what));
          return;
        }
        hostileSent += 1;
        // A page far past the end is an empty page; anything else hostile is refused.
        expect(response.statusCode, what).toBeLessThan(500);
        expect(response.json(), what).toMatchObject({
          success: response.statusCode < 400,
          message: expect.any(String),
        });
      });
    }),
    { numRuns: ROUNDS },
  );
  expect(hostileSent).toBeGreaterThan(0);
}, 300_000);

it('a day the product cannot represent is refused with the field named, not read', async () => {
  const [person] = await peopleWithData();
  for (const [path, field] of [
    ['/transactions?endDate=9999-12-31', 'endDate'],
    ['/transactions?startDate=0000-01-01', 'startDate'],
    ['/referrals-status?endDate=9999-12-31', 'endDate'],
    ['/referrals-status?startDate=0000-01-01', 'startDate'],
  ] as const) {
    const response = await call(t, person!, 'GET', path);
    expect(response.statusCode, path).toBe(400);
    expect(response.json().errors?.[field], path).toEqual([
      expect.stringMatching(
        new RegExp(`^${field} must be a day from \\d{4}-\\d{2}-\\d{2} to \\d{4}-\\d{2}-\\d{2}$`),
      ),
    ]);
  }
});
