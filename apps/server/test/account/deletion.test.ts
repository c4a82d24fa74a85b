/**
 * DELETE /v1/api/account (issue 29): confirmed by the username typed as written, the
 * password (counted by the login throttle) and the second factor when one is on; then the
 * person's data is erased in one transaction, the tombstone keeps the ledger's rows their
 * owner, the referrer keeps what was paid, referees keep their Bytes and lose the link, the
 * tests keep their rows without their places, and the audit log records the deletion
 * without the personal data. The email registers again; the account can no longer sign in.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ACCOUNT_DATA_MESSAGES,
  ACCOUNT_VALIDATION,
  defaultNotificationPreferences,
  isEmail,
  isUsername,
  SERVER_MESSAGE_TEMPLATES,
  SERVER_MESSAGES,
  VALIDATION,
} from '@netpulse/shared';
import { auditLog } from '../../src/db/tables/admin-tables.ts';
import { emailTokens, refreshFamilies, users } from '../../src/db/tables/auth-tables.ts';
import { nodeIdConflicts, nodes } from '../../src/db/tables/nodes-tables.ts';
import {
  notificationPreferences,
  notifications,
} from '../../src/db/tables/notifications-tables.ts';
import { questProgress } from '../../src/db/tables/quest-progress-tables.ts';
import { socialAccounts } from '../../src/db/tables/quests-tables.ts';
import { securityEvents } from '../../src/db/tables/security-events-tables.ts';
import { speedtests } from '../../src/db/tables/speedtests-tables.ts';
import {
  passkeys,
  recoveryCodes,
  signInChallenges,
  totpFactors,
} from '../../src/db/tables/two-factor-tables.ts';
import { english } from '../../src/lib/server-intl.ts';
import { ACCOUNT_DELETED_ACTION } from '../../src/modules/account-data/index.ts';
import type { SecondFactorCheck } from '../../src/modules/two-factor/index.ts';
import { accountTombstone } from '../../src/modules/auth/index.ts';
import { ACCOUNT } from '../helpers/account.ts';
import {
  deleteAccount,
  deletionOf,
  plantAccountRows,
  rowsOfUser,
} from '../helpers/account-data.ts';
import {
  logIn,
  newPerson,
  profile,
  refresh,
  signUp,
  signUpVerified,
} from '../helpers/auth-flow.ts';
import { stateSnapshot } from '../helpers/database.ts';
import { expectLedgerInvariant } from '../helpers/ledger.ts';
import { heartbeat, signedInNode } from '../helpers/nodes.ts';
import {
  completeSpeedtest,
  measuredSpeedtest,
  SOMEWHERE,
  SOMEWHERE_PLACE,
} from '../helpers/points.ts';
import {
  BACK_TO_BACK_SPEEDTESTS,
  creditedTests,
  ledgerOf,
  signedInMember,
  signedInReferee,
} from '../helpers/referrals.ts';
import { useTestApp, type TestApp } from '../helpers/test-app.ts';

const pointsOf = async (t: TestApp, userId: number) => {
  const [user] = await t.database.db
    .select({ points: users.points })
    .from(users)
    .where(eq(users.id, userId));
  return user?.points;
};

const fieldRefusal = (field: string, message: string) => ({
  success: false,
  message,
  errors: { [field]: [message] },
});

describe('refusals', () => {
  const t = useTestApp();

  it('refuses a username not typed exactly as written, and changes nothing', async () => {
    const person = await signedInMember(t);
    const before = await stateSnapshot(t.database);
    for (const confirm of [person.username.toUpperCase(), `${person.username} `, 'someone_else']) {
      const response = await deleteAccount(t, person, deletionOf(person, { confirm }));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual(
        fieldRefusal('confirm', ACCOUNT_DATA_MESSAGES.confirmMismatch),
      );
    }
    expect(await stateSnapshot(t.database)).toEqual(before);
    expect((await profile(t, person.accessToken)).statusCode).toBe(200);
  });

  it('says its refusals in the account’s language', async () => {
    const person = await signedInMember(t);
    const spanish = await t.app.inject({
      method: 'PATCH',
      url: `${ACCOUNT}/preferences`,
      headers: { authorization: `Bearer ${person.accessToken}` },
      payload: { locale: 'es' },
    });
    expect(spanish.statusCode, spanish.body).toBe(200);
    const response = await deleteAccount(t, person, deletionOf(person, { confirm: 'nobody' }));
    const inSpanish = 'Escribe tu nombre de usuario exactamente como está escrito para confirmar';
    expect(response.json()).toEqual(fieldRefusal('confirm', inSpanish));
  });

  it('names each missing field', async () => {
    const person = await signedInMember(t);
    const response = await deleteAccount(t, person, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      message: SERVER_MESSAGES.validationFailed,
      errors: {
        confirm: [ACCOUNT_VALIDATION.confirmUsernameRequired],
        password: [VALIDATION.passwordRequired],
      },
    });
  });

  it('refuses a wrong password on the password field, and counts it in the login throttle', async () => {
    const person = await signedInMember(t);
    const before = await stateSnapshot(t.database);
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await deleteAccount(
        t,
        person,
        deletionOf(person, { password: 'not the password' }),
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual(
        fieldRefusal('password', ACCOUNT_DATA_MESSAGES.passwordWrong),
      );
    }
    // Five wrong passwords from this address: the name is refused here, by the deletion
    // (even with the right password) and by the login alike, for the throttle's window.
    const locked = await deleteAccount(t, person, deletionOf(person));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(
      english(SERVER_MESSAGE_TEMPLATES.loginLocked, { minutes: 15 }),
    );
    expect((await logIn(t, person.username)).statusCode).toBe(429);
    // Another address is not locked out by these.
    expect((await deleteAccount(t, person, deletionOf(person), '203.0.113.9')).statusCode).toBe(
      200,
    );
    expect(await stateSnapshot(t.database)).not.toEqual(before);
  });

  it('asks for the authenticator app’s code when one is confirmed, not while it is being set up', async () => {
    const withApp = await signedInMember(t);
    await plantAccountRows(t, withApp.id, { totpConfirmed: true });
    const before = await stateSnapshot(t.database);
    const refused = await deleteAccount(t, withApp, deletionOf(withApp));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual(fieldRefusal('code', ACCOUNT_VALIDATION.codeRequired));
    expect(await stateSnapshot(t.database)).toEqual(before);

    const settingUp = await signedInMember(t);
    await plantAccountRows(t, settingUp.id, { totpConfirmed: false });
    const deleted = await deleteAccount(t, settingUp, deletionOf(settingUp));
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it('deletes once when two deletions of one account come at once', async () => {
    const person = await signedInMember(t);
    const answers = await Promise.all([
      deleteAccount(t, person, deletionOf(person)),
      deleteAccount(t, person, deletionOf(person)),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses[0]).toBe(200);
    // The second either found the account gone (409) or its session already ended (401).
    expect([401, 404, 409]).toContain(statuses[1]);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, ACCOUNT_DELETED_ACTION));
    expect(audits).toHaveLength(1);
  });
});

describe('with a second factor (the two-factor module’s check, stood in)', () => {
  const twoFactorAccounts = new Set<number>();
  const asked: { userId: number; code?: string; recoveryCode?: string }[] = [];
  /** Accepts 123456 and abcde-12345 for an account with a second factor. */
  const confirmSecondFactor: SecondFactorCheck = async (userId, proof) => {
    asked.push({ userId, ...proof });
    if (!twoFactorAccounts.has(userId)) return 'not-required';
    if (proof.code === undefined && proof.recoveryCode === undefined) return 'missing';
    return proof.code === '123456' || proof.recoveryCode === 'abcde-12345' ? 'ok' : 'wrong';
  };
  const t = useTestApp({ confirmSecondFactor });
  // Each test has a database of its own, whose ids start again.
  beforeEach(() => {
    twoFactorAccounts.clear();
    asked.length = 0;
  });

  it('refuses a missing or wrong code naming its field, and deletes with a right one', async () => {
    const person = await signedInMember(t);
    twoFactorAccounts.add(person.id);
    const before = await stateSnapshot(t.database);

    const missing = await deleteAccount(t, person, deletionOf(person));
    expect(missing.json()).toEqual(fieldRefusal('code', ACCOUNT_VALIDATION.codeRequired));
    const wrongCode = await deleteAccount(t, person, deletionOf(person, { code: '654321' }));
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toEqual(fieldRefusal('code', ACCOUNT_DATA_MESSAGES.codeWrong));
    const wrongRecovery = await deleteAccount(
      t,
      person,
      deletionOf(person, { recoveryCode: 'zzzzz-99999' }),
    );
    expect(wrongRecovery.json()).toEqual(
      fieldRefusal('recoveryCode', ACCOUNT_DATA_MESSAGES.recoveryCodeWrong),
    );
    const badFormat = await deleteAccount(t, person, deletionOf(person, { code: '12ab' }));
    expect(badFormat.json().errors).toEqual({ code: [ACCOUNT_VALIDATION.codeFormat] });
    expect(await stateSnapshot(t.database)).toEqual(before);

    // The check is asked only once the username and the password hold.
    const wrongPassword = await deleteAccount(
      t,
      person,
      deletionOf(person, { password: 'not the password', code: '123456' }),
    );
    expect(wrongPassword.statusCode).toBe(400);
    expect(asked.filter((call) => call.userId === person.id)).toHaveLength(3);

    const deleted = await deleteAccount(t, person, deletionOf(person, { code: '123456' }));
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(asked.at(-1)).toEqual({ userId: person.id, code: '123456', recoveryCode: undefined });
  });

  it('deletes with a recovery code instead', async () => {
    const person = await signedInMember(t);
    twoFactorAccounts.add(person.id);
    const deleted = await deleteAccount(
      t,
      person,
      deletionOf(person, { recoveryCode: 'abcde-12345' }),
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
  });
});

describe('after the deletion', () => {
  // Many tests from one address: past the per-address limit of opening them.
  const t = useTestApp({ env: { ...BACK_TO_BACK_SPEEDTESTS, RATE_LIMIT_DISABLED: 'true' } });

  /**
   * The referrer R, the person P (R's successful referee, with tests from a node and a
   * place) and P's own successful referee Q, each paid bonus and commission; P's rows in
   * every other table; and a bystander B with rows of their own.
   */
  async function network() {
    const referrer = await signedInMember(t);
    const person = await signedInReferee(t, referrer);
    await creditedTests(t, person, 16, { location: SOMEWHERE });
    const node = await signedInNode(t, person, { name: 'Kitchen laptop' });
    const asNode = { ...person, accessToken: node.accessToken };
    const nodeTest = await measuredSpeedtest(t, asNode);
    const completed = await completeSpeedtest(t, asNode, { testId: nodeTest, ...SOMEWHERE });
    expect(completed.statusCode, completed.body).toBe(200);
    const referee = await signedInReferee(t, person);
    await creditedTests(t, referee, 16);
    await plantAccountRows(t, person.id, { totpConfirmed: false });
    await t.database.db.insert(nodeIdConflicts).values({
      nodeId: '00000000-0000-4000-8000-000000000001',
      userId: person.id,
      at: t.clock.now(),
    });
    const bystander = await signedInMember(t);
    await plantAccountRows(t, bystander.id);
    return { referrer, person, referee, bystander, node };
  }

  const ledgerSnapshot = async (userId: number) =>
    (await ledgerOf(t, userId)).map(({ details: _details, ...row }) => row);

  it('erases the person and keeps everything the network’s totals need', async () => {
    const { referrer, person, referee, bystander, node } = await network();
    const tombstone = accountTombstone(person.id);
    const referrerLedger = await ledgerSnapshot(referrer.id);
    const personLedger = await ledgerOf(t, person.id);
    const pointsBefore = {
      referrer: await pointsOf(t, referrer.id),
      person: await pointsOf(t, person.id),
      referee: await pointsOf(t, referee.id),
    };
    const testsBefore = await t.database.db
      .select({ id: speedtests.id, country: speedtests.country })
      .from(speedtests)
      .where(eq(speedtests.userId, person.id));
    // The tests completed with coordinates carry their place until the deletion.
    expect(testsBefore.filter((test) => test.country === SOMEWHERE_PLACE.country)).toHaveLength(17);
    // Paid to the referrer for the person: the bonus and commissions, named after the person.
    expect(
      (await ledgerOf(t, referrer.id)).filter((row) =>
        row.details.endsWith(`: ${person.username}`),
      ),
    ).toHaveLength(3);
    await t.database.db.insert(notifications).values({
      userId: person.id,
      type: 'referral_qualified',
      params: { referee: referee.username, bonus: 200 },
      dedupeKey: `refq:${referee.id}`,
    });
    await t.database.db
      .insert(notificationPreferences)
      .values({ userId: person.id, preferences: defaultNotificationPreferences() });
    const bystanderRows = await stateOfBystander(bystander.id);

    const response = await deleteAccount(t, person, deletionOf(person));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: ACCOUNT_DATA_MESSAGES.accountDeleted,
    });
    expect(response.cookies.find((cookie) => cookie.name === 'refresh_token')).toMatchObject({
      value: '',
      path: '/v1/api/auth',
    });

    // The row is the tombstone: nothing of the person, nothing anyone can sign in or refer with.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, person.id));
    expect(row).toMatchObject({
      email: tombstone.email,
      username: tombstone.username,
      referralCode: tombstone.referralCode,
      referredByUserId: null,
      profileImg: null,
      deletedAt: t.clock.now(),
      points: pointsBefore.person,
    });
    expect(row?.passwordHash).toBe(tombstone.passwordHash);
    expect(isEmail(tombstone.email)).toBe(false);
    expect(isUsername(tombstone.username)).toBe(false);

    // Every other row of the person is gone.
    for (const table of [
      refreshFamilies,
      emailTokens,
      nodes,
      nodeIdConflicts,
      socialAccounts,
      questProgress,
      securityEvents,
      notifications,
      notificationPreferences,
      totpFactors,
      recoveryCodes,
      passkeys,
      signInChallenges,
    ]) {
      expect(await rowsOfUser(t, table, person.id)).toBe(0);
    }

    // The tests stay, without their address, place and node.
    const tests = await t.database.db
      .select()
      .from(speedtests)
      .where(eq(speedtests.userId, person.id));
    expect(tests.map((test) => test.id).sort()).toEqual(testsBefore.map((test) => test.id).sort());
    for (const test of tests) {
      expect(test).toMatchObject({
        ipAddress: tombstone.username,
        locationCell: null,
        country: null,
        nodeId: null,
      });
    }

    // The ledger: the person's rows stay theirs; the referrer keeps every Byte, the rows
    // paid for the person now name the tombstone; the referee keeps their Bytes.
    expect(await ledgerOf(t, person.id)).toEqual(personLedger);
    expect(await ledgerSnapshot(referrer.id)).toEqual(referrerLedger);
    const referrerRows = await ledgerOf(t, referrer.id);
    expect(referrerRows.filter((r) => r.details.includes(person.username))).toEqual([]);
    expect(referrerRows.filter((r) => r.details.endsWith(`: ${tombstone.username}`))).toHaveLength(
      3,
    );
    expect({
      referrer: await pointsOf(t, referrer.id),
      person: await pointsOf(t, person.id),
      referee: await pointsOf(t, referee.id),
    }).toEqual(pointsBefore);
    const [refereeRow] = await t.database.db
      .select({ referredBy: users.referredByUserId })
      .from(users)
      .where(eq(users.id, referee.id));
    expect(refereeRow?.referredBy).toBeNull();

    // The referee's next test pays no commission to the deleted account.
    await creditedTests(t, referee, 1);
    expect(await ledgerOf(t, person.id)).toEqual(personLedger);
    expect(await pointsOf(t, referee.id)).toBeGreaterThan(pointsBefore.referee ?? 0);

    // The audit log records the deletion by the account's id and tombstone alone.
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, ACCOUNT_DELETED_ACTION));
    expect(audits).toEqual([
      {
        id: expect.any(Number),
        at: t.clock.now(),
        adminUserId: person.id,
        adminName: tombstone.username,
        action: ACCOUNT_DELETED_ACTION,
        target: `user:${person.id}`,
        before: null,
        after: { deleted_at: t.clock.now().toISOString() },
        reason: null,
      },
    ]);
    const written = JSON.stringify(audits).toLowerCase();
    expect(written).not.toContain(person.email.toLowerCase());
    expect(written).not.toContain(person.username.toLowerCase());

    // Nothing of anyone else changed.
    expect(await stateOfBystander(bystander.id)).toEqual(bystanderRows);
    await expectLedgerInvariant(t.database);

    // The node's session died with the account's.
    expect((await heartbeat(t, node)).statusCode).toBe(401);
  });

  it('signs the person out everywhere and refuses every way back in', async () => {
    const person = await signedInMember(t);
    const tombstone = accountTombstone(person.id);
    const response = await deleteAccount(t, person, deletionOf(person));
    expect(response.statusCode, response.body).toBe(200);

    const stale = await profile(t, person.accessToken);
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toBe(SERVER_MESSAGES.unauthorized);
    expect((await refresh(t, person.refreshToken)).statusCode).toBe(401);
    for (const name of [person.username, person.email]) {
      const login = await logIn(t, name, person.password, '198.51.100.7');
      expect(login.statusCode, `${name}: ${login.body}`).toBe(401);
      expect(login.json().message).toBe(SERVER_MESSAGES.invalidCredentials);
    }
    // The tombstone's names are no name the login form takes.
    for (const name of [tombstone.username, tombstone.email]) {
      const login = await logIn(t, name, person.password, '198.51.100.7');
      expect(login.statusCode).toBe(400);
      expect(login.json().errors).toEqual({ emailOrUsername: [VALIDATION.emailOrUsernameInvalid] });
    }
    // Its referral code cannot be typed at a sign-up.
    const referred = await signUp(t, newPerson(), { referralCode: tombstone.referralCode });
    expect(referred.statusCode).toBe(400);
    expect(referred.json().errors).toEqual({ referralCode: [VALIDATION.inviteCodeUnknown] });
  });

  it('frees the email and the username to register again', async () => {
    const person = await signedInMember(t);
    expect((await deleteAccount(t, person, deletionOf(person))).statusCode).toBe(200);
    const again = await signUpVerified(t, {
      email: person.email,
      username: person.username,
      password: person.password,
    });
    const login = await logIn(t, again.username, again.password);
    expect(login.statusCode, login.body).toBe(200);
    const [fresh] = await t.database.db
      .select({ id: users.id, points: users.points })
      .from(users)
      .where(and(eq(users.username, person.username), isNull(users.deletedAt)));
    expect(fresh?.id).not.toBe(person.id);
    expect(fresh?.points).toBe(0);
  });

  /** Everything the bystander has, to show a deletion touched none of it. */
  async function stateOfBystander(userId: number) {
    const db = t.database.db;
    return {
      user: await db.select().from(users).where(eq(users.id, userId)),
      ledger: await ledgerOf(t, userId),
      sessions: await db.select().from(refreshFamilies).where(eq(refreshFamilies.userId, userId)),
      social: await db.select().from(socialAccounts).where(eq(socialAccounts.userId, userId)),
      quests: await db.select().from(questProgress).where(eq(questProgress.userId, userId)),
      events: await db.select().from(securityEvents).where(eq(securityEvents.userId, userId)),
      totp: await db.select().from(totpFactors).where(eq(totpFactors.userId, userId)),
      codes: await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
      passkeys: await db.select().from(passkeys).where(eq(passkeys.userId, userId)),
      tests: await db.select().from(speedtests).where(eq(speedtests.userId, userId)),
    };
  }
});
