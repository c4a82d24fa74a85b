/**
 * The implausible-node signal: a node with IMPLAUSIBLE_MIN_TESTS tests or
 * more at the same speeds to the kilobit, or any test above the link's
 * measured ceiling (LINK_CEILING_MBPS). Tests run through the real opening and
 * completion with the node's own session; the measured bytes are then set by
 * hand, since no flow here makes a chosen speed.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { IMPLAUSIBLE_MIN_TESTS } from '@netpulse/shared/admin';
import { signedInNode } from '../helpers/nodes.ts';
import { DAY_MS } from '../helpers/points.ts';
import { BACK_TO_BACK_SPEEDTESTS } from '../helpers/referrals.ts';
import { useTestApp, type TestApp } from '../helpers/test-app.ts';
import { memberFrom, signalsOf, testsFrom } from './plant.ts';

const t = useTestApp({ env: { ...BACK_TO_BACK_SPEEDTESTS, LINK_CEILING_MBPS: '300' } });

/** A member with an extension node that completed `tests` tests (each measured at 10 Mbit/s both ways). */
async function nodeWithTests(testApp: TestApp, tests: number) {
  const member = await memberFrom(testApp);
  const node = await signedInNode(testApp, member, { name: 'Chrome on Linux' });
  await testsFrom(testApp, node, tests, member.address);
  return { member, nodeId: node.nodeId };
}

/** Sets the download of the node's tests, oldest first, to `bytes[i]` over 10 s. */
async function setDownloads(testApp: TestApp, nodeId: string, bytes: number[]) {
  await testApp.database.db.execute(sql`
    update speedtests set download_bytes = (${`{${bytes.join(',')}}`}::bigint[])[s.n],
      download_elapsed_us = 10000000
    from (select id, row_number() over (order by id) as n from speedtests
      where node_id = ${nodeId}::uuid) as s
    where speedtests.id = s.id`);
}

describe('implausible-node signal', () => {
  it(`lists a node with ${IMPLAUSIBLE_MIN_TESTS} tests at the same speeds, not one with fewer`, async () => {
    const replayed = await nodeWithTests(t, IMPLAUSIBLE_MIN_TESTS);
    await nodeWithTests(t, IMPLAUSIBLE_MIN_TESTS - 1);
    // The person's own tests, of no node, are not a node's.
    const member = await memberFrom(t);
    await testsFrom(t, member, IMPLAUSIBLE_MIN_TESTS, member.address);

    const signals = await signalsOf(t, 'implausible-node');
    expect(signals.map((signal) => signal.key)).toEqual([replayed.nodeId]);
    expect(signals[0]?.summary).toBe(
      `Node "Chrome on Linux" of ${replayed.member.username}: results no real link gives in the last 24 hours`,
    );
    expect(signals[0]?.accounts).toEqual([
      {
        id: replayed.member.id,
        username: replayed.member.username,
        banned: false,
        evidence: [
          `${IMPLAUSIBLE_MIN_TESTS} tests at exactly 10.000 Mbit/s down, 10.000 up, last 2026-03-10 12:00 UTC`,
        ],
      },
    ]);
  });

  it('judges speeds to the kilobit: varied ones are plausible, a few bits apart are not', async () => {
    const varied = await nodeWithTests(t, 4);
    // 93.452, 93.600, 93.453 (one kilobit more) and 93.520 Mbit/s.
    await setDownloads(t, varied.nodeId, [116_815_000, 117_000_000, 116_816_250, 116_900_000]);
    expect(await signalsOf(t, 'implausible-node')).toEqual([]);

    // 93.452 Mbit/s twice and 93.452004: the same to the kilobit.
    await setDownloads(t, varied.nodeId, [116_815_000, 116_815_000, 116_815_005, 116_900_000]);
    const [signal] = await signalsOf(t, 'implausible-node');
    expect(signal?.key).toBe(varied.nodeId);
    expect(signal?.accounts[0]?.evidence).toEqual([
      '3 tests at exactly 93.452 Mbit/s down, 10.000 up, last 2026-03-10 12:00 UTC',
    ]);
  });

  it('lists any test above the link ceiling, and none at it', async () => {
    const node = await nodeWithTests(t, 2);
    // 300.000 Mbit/s is the ceiling itself, not above it.
    await setDownloads(t, node.nodeId, [375_000_000, 12_000_000]);
    expect(await signalsOf(t, 'implausible-node')).toEqual([]);

    await setDownloads(t, node.nodeId, [515_000_000, 12_000_000]);
    const [signal] = await signalsOf(t, 'implausible-node');
    expect(signal?.key).toBe(node.nodeId);
    expect(signal?.accounts[0]?.evidence).toEqual([
      '1 test above the 300 Mbit/s ceiling, up to 412.000 Mbit/s down and 10.000 up, last 2026-03-10 12:00 UTC',
    ]);
  });

  it('reads only the window: tests of yesterday are gone from 24h but in 7d', async () => {
    const node = await nodeWithTests(t, IMPLAUSIBLE_MIN_TESTS);
    t.clock.advance(DAY_MS + 60_000);
    expect(await signalsOf(t, 'implausible-node')).toEqual([]);
    const week = await signalsOf(t, 'implausible-node', { window: '7d' });
    expect(week.map((signal) => signal.key)).toEqual([node.nodeId]);
  });
});
