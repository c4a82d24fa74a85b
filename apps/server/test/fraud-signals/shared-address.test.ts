/**
 * The shared-address signal: addresses from which more than minAccounts
 * accounts completed a test or signed in within the window, planted through
 * real sign-ups, logins and speed tests from chosen addresses.
 */
import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/cli/admin-commands.ts';
import { DAY_MS } from '../helpers/points.ts';
import { BACK_TO_BACK_SPEEDTESTS } from '../helpers/referrals.ts';
import { useTestApp } from '../helpers/test-app.ts';
import {
  memberFrom,
  ownAddress,
  type PlantedMember,
  signalsOf,
  testsFrom,
  usernamesOf,
} from './plant.ts';

const t = useTestApp({ env: BACK_TO_BACK_SPEEDTESTS });

describe('shared-address signal', () => {
  it('lists an address of five accounts when minAccounts is 4, and not one of four', async () => {
    const farm = '203.0.113.7';
    const four = '203.0.113.8';
    // Three of the farm's accounts test from it; two only sign in from it.
    const testers: PlantedMember[] = [];
    for (let i = 0; i < 3; i++) testers.push(await memberFrom(t));
    for (const member of testers) await testsFrom(t, member, 2, farm);
    const signers = [await memberFrom(t, { from: farm }), await memberFrom(t, { from: farm })];
    for (let i = 0; i < 4; i++) await memberFrom(t, { from: four });

    const signals = await signalsOf(t, 'shared-address', { minAccounts: 4 });
    expect(signals.map((signal) => signal.key)).toEqual([farm]);
    const [signal] = signals;
    const planted = [...testers, ...signers].map((member) => member.username).sort();
    expect(usernamesOf(signal)).toEqual(planted);
    expect(signal?.summary).toBe(
      `5 accounts tested or signed in from ${farm} in the last 24 hours`,
    );
    const tester = signal?.accounts.find((account) => account.id === testers[0]?.id);
    expect(tester?.evidence).toEqual([`2 tests from ${farm}, last 2026-03-10 12:00 UTC`]);
    const signer = signal?.accounts.find((account) => account.id === signers[0]?.id);
    expect(signer?.evidence).toEqual([`signed in from ${farm} at 2026-03-10 12:00 UTC`]);
    expect(signal?.accounts.every((account) => !account.banned)).toBe(true);

    // With the default (more than 3), the four are a signal too, after the five.
    const byDefault = await signalsOf(t, 'shared-address');
    expect(byDefault.map((found) => found.key)).toEqual([farm, four]);
  });

  it('counts an account once whether it tested, signed in, or both, from the address', async () => {
    const address = '203.0.113.20';
    const both: PlantedMember[] = [];
    for (let i = 0; i < 4; i++) both.push(await memberFrom(t, { from: address }));
    for (const member of both) await testsFrom(t, member, 1, address);
    // Four accounts with two uses each: not more than 4.
    expect(await signalsOf(t, 'shared-address', { minAccounts: 4 })).toEqual([]);
    const [signal] = await signalsOf(t, 'shared-address', { minAccounts: 3 });
    expect(signal?.accounts).toHaveLength(4);
    expect(signal?.accounts[0]?.evidence).toEqual([
      `1 test from ${address}, last 2026-03-10 12:00 UTC`,
      `signed in from ${address} at 2026-03-10 12:00 UTC`,
    ]);
  });

  it('leaves out uses older than the window: gone from 24h after a day, still in 7d', async () => {
    const address = '203.0.113.30';
    for (let i = 0; i < 4; i++) {
      const member = await memberFrom(t);
      await testsFrom(t, member, 1, address);
    }
    expect((await signalsOf(t, 'shared-address')).map((signal) => signal.key)).toEqual([address]);
    t.clock.advance(DAY_MS + 60_000);
    expect(await signalsOf(t, 'shared-address')).toEqual([]);
    const week = await signalsOf(t, 'shared-address', { window: '7d' });
    expect(week.map((signal) => signal.key)).toEqual([address]);
    expect(week[0]?.summary).toBe(
      `4 accounts tested or signed in from ${address} in the last 7 days`,
    );
    t.clock.advance(7 * DAY_MS);
    expect(await signalsOf(t, 'shared-address', { window: '7d' })).toEqual([]);
  });

  it('keeps banned accounts listed, flagged, and puts a signal all banned after the others', async () => {
    const banned = '203.0.113.40';
    const live = '203.0.113.41';
    const farm: PlantedMember[] = [];
    for (let i = 0; i < 5; i++) farm.push(await memberFrom(t, { from: banned }));
    for (let i = 0; i < 4; i++) await memberFrom(t, { from: live });

    await runAdminCommand(t.database.db, ['user', 'ban', farm[0]!.username], t.clock.now());
    let [first] = await signalsOf(t, 'shared-address');
    expect(first?.key).toBe(banned);
    expect(first?.accounts.filter((account) => account.banned).map((a) => a.id)).toEqual([
      farm[0]!.id,
    ]);

    for (const member of farm.slice(1)) {
      await runAdminCommand(t.database.db, ['user', 'ban', member.username], t.clock.now());
    }
    const signals = await signalsOf(t, 'shared-address');
    expect(signals.map((signal) => signal.key)).toEqual([live, banned]);
    first = signals[1];
    expect(first?.accounts.every((account) => account.banned)).toBe(true);
  });

  it('is not raised by accounts on addresses of their own', async () => {
    for (let i = 0; i < 5; i++) {
      const member = await memberFrom(t);
      await testsFrom(t, member, 1, ownAddress());
    }
    expect(await signalsOf(t, 'shared-address', { minAccounts: 1 })).toEqual([]);
  });
});
