/**
 * The referral-ring signal: a referrer's tree whose accounts share an address
 * (tests or sign-ins) or a node with their referrer or with each other,
 * planted through sign-ups with referral codes, logins, tests and node
 * registrations.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NODE_MESSAGES } from '@netpulse/shared';
import { nodeIdConflicts } from '../../src/db/tables/nodes-tables.ts';
import { registerNode, signedInNode } from '../helpers/nodes.ts';
import { DAY_MS } from '../helpers/points.ts';
import { BACK_TO_BACK_SPEEDTESTS } from '../helpers/referrals.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { memberFrom, signalsOf, testsFrom, usernamesOf } from './plant.ts';

const t = useTestApp({ env: BACK_TO_BACK_SPEEDTESTS });

describe('referral-ring signal', () => {
  it('shows a farm of five accounts on one address, referred by one another, as one tree', async () => {
    const farm = '203.0.113.50';
    // A chain: a referred b, b referred c, c referred d, d referred e.
    const a = await memberFrom(t, { from: farm });
    const chain = [a];
    for (let i = 0; i < 4; i++)
      chain.push(await memberFrom(t, { from: farm, referrer: chain.at(-1) }));
    const [, b, c, , e] = chain;
    // Referred by a, but on an address of its own: not part of the ring.
    const honest = await memberFrom(t, { referrer: a });
    await testsFrom(t, honest, 1, honest.address);

    const rings = await signalsOf(t, 'referral-ring');
    expect(rings).toHaveLength(1);
    const [ring] = rings;
    expect(ring?.key).toBe(a.username);
    expect(ring?.accounts[0]?.username).toBe(a.username);
    expect(usernamesOf(ring)).toEqual(chain.map((member) => member.username).sort());
    expect(ring?.summary).toBe(
      `5 accounts of ${a.username}'s referral tree share 1 address in the last 24 hours`,
    );
    const evidenceOf = (id: number) =>
      ring?.accounts.find((account) => account.id === id)?.evidence;
    expect(evidenceOf(b!.id)).toEqual([
      `shares ${farm} with ${a.username} (their referrer), ${c!.username} (their referee), last 2026-03-10 12:00 UTC`,
      `referred ${c!.username}`,
    ]);
    expect(evidenceOf(e!.id)).toEqual([
      `shares ${farm} with ${chain[3]!.username} (their referrer), last 2026-03-10 12:00 UTC`,
    ]);
    expect(evidenceOf(a.id)?.at(-1)).toBe(`referred ${b!.username}`);

    // The farm is a shared address too.
    const [shared] = await signalsOf(t, 'shared-address');
    expect(shared?.key).toBe(farm);
    expect(shared?.accounts).toHaveLength(5);
  });

  it('names the referrer of referees who share only with each other', async () => {
    const referrer = await memberFrom(t);
    const together = '203.0.113.60';
    const p = await memberFrom(t, { referrer });
    const q = await memberFrom(t, { referrer });
    await testsFrom(t, p, 1, together);
    await testsFrom(t, q, 1, together);

    const [ring, ...others] = await signalsOf(t, 'referral-ring');
    expect(others).toEqual([]);
    expect(ring?.key).toBe(referrer.username);
    expect(ring?.accounts.map((account) => account.username)).toEqual([
      referrer.username,
      ...[p.username, q.username].sort(),
    ]);
    expect(ring?.accounts[0]?.evidence).toEqual([
      `referred ${[p.username, q.username].sort().join(', ')}`,
    ]);
    expect(ring?.accounts.find((account) => account.id === p.id)?.evidence).toEqual([
      `shares ${together} with ${q.username} (referred by ${referrer.username}), last 2026-03-10 12:00 UTC`,
    ]);
  });

  it('is not raised by a referee sharing an address with an unrelated account', async () => {
    const referrer = await memberFrom(t);
    const referee = await memberFrom(t, { referrer });
    const stranger = await memberFrom(t);
    const cafe = '203.0.113.70';
    await testsFrom(t, referee, 1, cafe);
    await testsFrom(t, stranger, 1, cafe);
    // Another tree whose referee shares with the first tree's referee: still no ring.
    const otherReferrer = await memberFrom(t);
    const otherReferee = await memberFrom(t, { referrer: otherReferrer });
    await testsFrom(t, otherReferee, 1, cafe);

    expect(await signalsOf(t, 'referral-ring')).toEqual([]);
  });

  it('lists a referee who tried to register its referrer node id, and records the try', async () => {
    const referrer = await memberFrom(t);
    const referee = await memberFrom(t, { referrer });
    const node = await signedInNode(t, referrer, { name: 'Chrome on Linux' });

    const refused = await registerNode(t, referee, { nodeId: node.nodeId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(NODE_MESSAGES.belongsToAnother);
    const recorded = await t.database.db
      .select()
      .from(nodeIdConflicts)
      .where(and(eq(nodeIdConflicts.nodeId, node.nodeId), eq(nodeIdConflicts.userId, referee.id)));
    expect(recorded).toHaveLength(1);

    const [ring, ...others] = await signalsOf(t, 'referral-ring');
    expect(others).toEqual([]);
    expect(ring?.key).toBe(referrer.username);
    expect(ring?.summary).toContain('share 1 node');
    expect(ring?.accounts.find((account) => account.id === referee.id)?.evidence).toEqual([
      `tried to register node ${node.nodeId}, which belongs to ${referrer.username} (their referrer), at 2026-03-10 12:00 UTC`,
    ]);
    expect(ring?.accounts[0]?.evidence).toEqual([
      `owns node ${node.nodeId}, which ${referee.username} (their referee) tried to register, last 2026-03-10 12:00 UTC`,
      `referred ${referee.username}`,
    ]);

    // An unrelated account trying the same id is recorded but is no ring.
    const stranger = await memberFrom(t);
    expect((await registerNode(t, stranger, { nodeId: node.nodeId })).statusCode).toBe(409);
    expect(usernamesOf((await signalsOf(t, 'referral-ring'))[0])).toEqual(
      [referrer.username, referee.username].sort(),
    );

    // Out of the window after a day.
    t.clock.advance(DAY_MS + 60_000);
    expect(await signalsOf(t, 'referral-ring')).toEqual([]);
    expect(await signalsOf(t, 'referral-ring', { window: '7d' })).toHaveLength(1);
  });
});
