/**
 * The verify and claim steps of the social quests against the stand-ins:
 * verified only when the platform says so, out of order refused with 409 and
 * no change, each reward credited once, the keep-name timer on a moved clock.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  QUEST_MESSAGE_TEMPLATES,
  QUEST_MESSAGES,
  SOCIAL_QUEST_KEYS,
  SOCIAL_QUESTS,
  type SocialQuestKey,
} from '@netpulse/shared';
import { runAdminCommand } from '../../src/cli/admin-commands.ts';
import { questProgress } from '../../src/db/tables/quest-progress-tables.ts';
import { profile, signedInPerson, type SignedIn } from '../helpers/auth-flow.ts';
import { call, renewSession, userIdOf } from '../helpers/points.ts';
import {
  claimQuest,
  connectDiscord,
  connectTelegram,
  connectX,
  useStandIns,
  verifyQuest,
  linkWithState,
} from '../helpers/quests.ts';
import { ledgerOf } from '../helpers/referrals.ts';
import { createTestApp, useTestApp } from '../helpers/test-app.ts';
import { english } from '../../src/lib/server-intl.ts';

const platforms = useStandIns({
  TWITTER_JOIN_INVITE_URL: 'https://x.com/netpulse',
  TWITTER_FOUNDER_INVITE_URL: 'https://x.com/@np_founder',
  TWITTER_RETWEET_VL_URL: 'https://x.com/netpulse/status/1790000000000000001',
});
const t = useTestApp({ env: platforms.env });
const HOUR = 3600_000;

const flagsOf = async (person: SignedIn) => (await profile(t, person.accessToken)).json().data;

async function expectVerified(person: SignedIn, key: SocialQuestKey, extra: object = {}) {
  const response = await verifyQuest(t, person, key);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toMatchObject({ success: true, data: { verified: true, ...extra } });
}

async function expectNotVerified(
  person: SignedIn,
  key: SocialQuestKey,
  message: string,
  extra: object = {},
) {
  const response = await verifyQuest(t, person, key);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toMatchObject({ message, data: { verified: false, ...extra } });
}

describe('verify steps', () => {
  it('checks the X connection, the follows and the retweet with X', async () => {
    const person = await signedInPerson(t);
    const account = await connectX(t, person, platforms.standIns);

    await expectVerified(person, 'xConnect');
    await expectNotVerified(person, 'xFollow', QUEST_MESSAGES.notFollowing, { isMember: false });
    await expectNotVerified(person, 'xFounderFollow', QUEST_MESSAGES.notFollowing, {
      isMember: false,
    });
    await expectNotVerified(person, 'xRetweet', QUEST_MESSAGES.notRetweeted);
    expect(await flagsOf(person)).toMatchObject({
      is_x_verified: true,
      is_x_joined: false,
      is_x_founder_followed: false,
      is_x_rt_vl: false,
    });

    account.follows.add('netpulse');
    account.follows.add('np_founder');
    account.retweets.add('1790000000000000001');
    await expectVerified(person, 'xFollow', { isMember: true });
    await expectVerified(person, 'xFounderFollow', { isMember: true });
    await expectVerified(person, 'xRetweet');
    expect(await flagsOf(person)).toMatchObject({
      is_x_joined: true,
      is_x_founder_followed: true,
      is_x_rt_vl: true,
    });
  });

  it('checks Discord and Telegram membership with the bots', async () => {
    const person = await signedInPerson(t);
    const discord = await connectDiscord(t, person, platforms.standIns);
    const telegram = await connectTelegram(t, person, platforms.standIns);

    await expectNotVerified(
      person,
      'discordJoin',
      english(QUEST_MESSAGE_TEMPLATES.notMember, { platform: 'Discord' }),
      {
        isMember: false,
      },
    );
    await expectNotVerified(
      person,
      'telegramJoin',
      english(QUEST_MESSAGE_TEMPLATES.notMember, { platform: 'Telegram' }),
      {
        isMember: false,
      },
    );
    discord.member = { nick: null };
    platforms.standIns.telegram.members.set(telegram.id, telegram);
    await expectVerified(person, 'discordJoin', { isMember: true });
    await expectVerified(person, 'telegramJoin', { isMember: true });
    expect(await flagsOf(person)).toMatchObject({
      is_discord_joined: true,
      is_telegram_joined: true,
    });
  });

  it('refuses a check before connecting and after verifying, changing nothing', async () => {
    const person = await signedInPerson(t);
    for (const key of ['xFollow', 'discordJoin', 'telegramName'] as const) {
      const response = await verifyQuest(t, person, key);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toMatch(
        /^Connect your (X|Discord|Telegram) account first\.$/,
      );
    }
    const account = await connectX(t, person, platforms.standIns);
    account.follows.add('netpulse');
    await expectVerified(person, 'xFollow', { isMember: true });
    const again = await verifyQuest(t, person, 'xFollow');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(QUEST_MESSAGES.alreadyDone);
  });

  it('answers X refusing the stored tokens as not verified', async () => {
    const person = await signedInPerson(t);
    const account = await connectX(t, person, platforms.standIns);
    platforms.standIns.x.accounts.delete(account.id);
    await expectNotVerified(
      person,
      'xConnect',
      english(QUEST_MESSAGE_TEMPLATES.identityRefused, { platform: 'X' }),
    );
    expect((await flagsOf(person)).is_x_verified).toBe(false);
  });

  it('answers 502 with a clear message when a platform cannot be reached', async () => {
    // Nothing listens on the discard port, so every call to "Discord" fails to connect.
    const unreachable = await createTestApp({
      env: { ...platforms.env, DISCORD_API_URL: 'http://127.0.0.1:9' },
    });
    try {
      const person = await signedInPerson(unreachable);
      const response = await linkWithState(unreachable, person, '/auth/discord/link', {
        id: '1',
        username: 'someone',
        discordAccessToken: 'token',
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        success: false,
        message: english(QUEST_MESSAGE_TEMPLATES.platformUnavailable, { platform: 'Discord' }),
      });
    } finally {
      await unreachable.close();
    }
  });
});

describe('name quests', () => {
  it('verifies X only after the name was kept for 24 hours', async () => {
    const person = await signedInPerson(t);
    const account = await connectX(t, person, platforms.standIns, 'Jane Doe');

    await expectNotVerified(
      person,
      'xName',
      english(QUEST_MESSAGE_TEMPLATES.nameMissing, { platform: 'X', productName: 'Netpulse' }),
      {
        nameVerifyTime: null,
      },
    );
    account.name = 'Jane | Netpulse';
    const timerEnd = new Date(t.clock.now().getTime() + 24 * HOUR).toISOString();
    await expectNotVerified(
      person,
      'xName',
      english(QUEST_MESSAGE_TEMPLATES.keepName, { platform: 'X', productName: 'Netpulse' }),
      {
        nameVerifyTime: timerEnd,
      },
    );
    expect((await flagsOf(person)).x_name_verify_time).toBe(timerEnd);

    t.clock.advance(23 * HOUR);
    await renewSession(t, person);
    await expectNotVerified(
      person,
      'xName',
      english(QUEST_MESSAGE_TEMPLATES.keepName, { platform: 'X', productName: 'Netpulse' }),
      {
        nameVerifyTime: timerEnd,
      },
    );
    expect((await claimQuest(t, person, 'xName')).statusCode).toBe(409);

    t.clock.advance(HOUR);
    await renewSession(t, person);
    await expectVerified(person, 'xName', { nameVerifyTime: timerEnd });
    expect((await flagsOf(person)).is_x_name_verified).toBe(true);
    expect((await claimQuest(t, person, 'xName')).statusCode).toBe(200);
  });

  it('stops the timer when the name is taken out before it ends', async () => {
    const person = await signedInPerson(t);
    const account = await connectX(t, person, platforms.standIns, 'Netpulse fan');
    await expectNotVerified(
      person,
      'xName',
      english(QUEST_MESSAGE_TEMPLATES.keepName, { platform: 'X', productName: 'Netpulse' }),
    );
    account.name = 'Plain name';
    t.clock.advance(25 * HOUR);
    await renewSession(t, person);
    await expectNotVerified(
      person,
      'xName',
      english(QUEST_MESSAGE_TEMPLATES.nameMissing, { platform: 'X', productName: 'Netpulse' }),
      {
        nameVerifyTime: null,
      },
    );
    expect((await flagsOf(person)).x_name_verify_time).toBeNull();
  });

  it('reads the Discord nickname and the Telegram name through the bots', async () => {
    const person = await signedInPerson(t);
    const discord = await connectDiscord(t, person, platforms.standIns);
    const telegram = await connectTelegram(t, person, platforms.standIns);
    await expectNotVerified(
      person,
      'discordName',
      english(QUEST_MESSAGE_TEMPLATES.notMember, { platform: 'Discord' }),
    );
    discord.member = { nick: 'dana @ netpulse' };
    platforms.standIns.telegram.members.set(telegram.id, { ...telegram, last_name: 'Netpulse' });
    await expectNotVerified(
      person,
      'discordName',
      english(QUEST_MESSAGE_TEMPLATES.keepName, { platform: 'Discord', productName: 'Netpulse' }),
    );
    await expectNotVerified(
      person,
      'telegramName',
      english(QUEST_MESSAGE_TEMPLATES.keepName, { platform: 'Telegram', productName: 'Netpulse' }),
    );
    t.clock.advance(24 * HOUR);
    await renewSession(t, person);
    await expectVerified(person, 'discordName');
    await expectVerified(person, 'telegramName');
  });
});

/** The user's YouTube quest row as stored: its state and the channel they named. */
const youtubeRowsOf = (userId: number) =>
  t.database.db
    .select({
      started: questProgress.started,
      done: questProgress.done,
      youtubeChannel: questProgress.youtubeChannel,
    })
    .from(questProgress)
    .where(and(eq(questProgress.userId, userId), eq(questProgress.quest, 'youtubeSubscribe')));

/** The operator's decision on a YouTube subscription waiting for review (admin CLI). */
const youtubeReview = (decision: 'approve' | 'reject', username: string) =>
  runAdminCommand(t.database.db, ['quest', 'youtube', decision, username]);

describe('YouTube', () => {
  it("asks for the person's channel: none or a bad one is a 400 naming the field and stores nothing", async () => {
    const person = await signedInPerson(t);
    const userId = await userIdOf(t, person);
    const refusals = [
      [await call(t, person, 'POST', '/auth/youtube/check'), QUEST_MESSAGES.youtubeChannelRequired],
      [await verifyQuest(t, person, 'youtubeSubscribe', {}), QUEST_MESSAGES.youtubeChannelRequired],
      [
        await verifyQuest(t, person, 'youtubeSubscribe', { channel: '  ' }),
        QUEST_MESSAGES.youtubeChannelRequired,
      ],
      [
        await verifyQuest(t, person, 'youtubeSubscribe', {
          channel: 'https://www.youtube.com/c/Netpulse',
        }),
        QUEST_MESSAGES.youtubeChannelInvalid,
      ],
      [
        await verifyQuest(t, person, 'youtubeSubscribe', { channel: 'https://evil.example/@fan' }),
        QUEST_MESSAGES.youtubeChannelInvalid,
      ],
    ] as const;
    for (const [response, message] of refusals) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ success: false, errors: { channel: [message] } });
    }
    expect((await flagsOf(person)).is_youtube_verifying).toBe('false');
    expect(await youtubeRowsOf(userId)).toEqual([]);

    const asked = await verifyQuest(t, person, 'youtubeSubscribe', {
      channel: ' https://m.youtube.com/@Netpulse_Fan/videos?si=x ',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toBe(QUEST_MESSAGES.youtubeVerifying);
    expect(await youtubeRowsOf(userId)).toEqual([
      { started: true, done: false, youtubeChannel: '@Netpulse_Fan' },
    ]);

    // Rejected, the person asks again with another channel: the new one is what the operator sees.
    await youtubeReview('reject', person.username);
    await verifyQuest(t, person, 'youtubeSubscribe', { channel: '@Other_Channel' });
    expect(await youtubeRowsOf(userId)).toEqual([
      { started: true, done: false, youtubeChannel: '@Other_Channel' },
    ]);
  });

  it('waits for the operator: verifying, then approved and claimable once', async () => {
    const person = await signedInPerson(t);
    await expectNotVerified(person, 'youtubeSubscribe', QUEST_MESSAGES.youtubeVerifying);
    expect((await flagsOf(person)).is_youtube_verifying).toBe('true');
    expect((await claimQuest(t, person, 'youtubeSubscribe')).statusCode).toBe(409);

    const rejected = await youtubeReview('reject', person.username);
    expect(rejected.exitCode).toBe(0);
    expect((await flagsOf(person)).is_youtube_verifying).toBe('false');
    const notWaiting = await youtubeReview('approve', person.username);
    expect(notWaiting.exitCode).toBe(1);

    await verifyQuest(t, person, 'youtubeSubscribe');
    const approved = await youtubeReview('approve', person.username);
    expect(approved.exitCode).toBe(0);
    expect((await flagsOf(person)).is_youtube_verifying).toBe('verified');
    const again = await verifyQuest(t, person, 'youtubeSubscribe');
    expect(again.statusCode).toBe(409);
    expect((await claimQuest(t, person, 'youtubeSubscribe')).statusCode).toBe(200);
  });
});

describe('claims', () => {
  /** Marks every quest's step done directly, so the claims can be tested on their own. */
  async function allStepsDone(person: SignedIn) {
    await connectX(t, person, platforms.standIns);
    const account = [...platforms.standIns.x.accounts.values()].at(-1)!;
    account.follows.add('netpulse');
    account.follows.add('np_founder');
    account.retweets.add('1790000000000000001');
    account.name = 'Netpulse';
    const discord = await connectDiscord(t, person, platforms.standIns);
    discord.member = { nick: 'Netpulse' };
    const telegram = await connectTelegram(t, person, platforms.standIns);
    platforms.standIns.telegram.members.set(telegram.id, { ...telegram, first_name: 'Netpulse' });
    for (const key of ['xName', 'discordName', 'telegramName', 'youtubeSubscribe'] as const) {
      await verifyQuest(t, person, key);
    }
    await youtubeReview('approve', person.username);
    t.clock.advance(24 * HOUR);
    await renewSession(t, person);
    for (const key of SOCIAL_QUEST_KEYS) {
      if ('verify' in SOCIAL_QUESTS[key] && key !== 'youtubeSubscribe')
        await verifyQuest(t, person, key);
    }
  }

  it('refuses every claim before its step is done, crediting nothing', async () => {
    const person = await signedInPerson(t);
    for (const key of SOCIAL_QUEST_KEYS) {
      const response = await claimQuest(t, person, key);
      expect(response.statusCode, key).toBe(409);
      expect(response.json().message).toBe(QUEST_MESSAGES.notReady);
    }
    expect(await ledgerOf(t, await userIdOf(t, person))).toEqual([]);
    expect((await flagsOf(person)).quest_completed).toBe(0);
  });

  it('pays each of the twelve once, counts them, and refuses a second claim', async () => {
    const person = await signedInPerson(t);
    await allStepsDone(person);
    let expectedPoints = 0;
    for (const [index, key] of SOCIAL_QUEST_KEYS.entries()) {
      const response = await claimQuest(t, person, key);
      expect(response.statusCode, `${key}: ${response.body}`).toBe(200);
      expect(response.json().data.points_earned).toBe(SOCIAL_QUESTS[key].points);
      expectedPoints += SOCIAL_QUESTS[key].points;
      const flags = await flagsOf(person);
      expect(flags.quest_completed).toBe(index + 1);
      expect(flags[SOCIAL_QUESTS[key].claimedFlag]).toBe(true);
      const second = await claimQuest(t, person, key);
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe(QUEST_MESSAGES.alreadyClaimed);
    }
    expect(expectedPoints).toBe(11 * 1000 + 500);
    const ledger = await ledgerOf(t, await userIdOf(t, person));
    expect(ledger.map((row) => row.transactionType)).toEqual(Array(12).fill('quest_reward'));
    expect(ledger.map((row) => row.details)).toContain('Retweet the Validator Launch Tweet');
    expect(ledger.map((row) => row.details)).toContain('Add Netpulse to your X name');
    expect((await flagsOf(person)).points).toBe(expectedPoints);
  });

  it('credits one of 20 concurrent claims', async () => {
    const person = await signedInPerson(t);
    const discord = await connectDiscord(t, person, platforms.standIns);
    discord.member = { nick: null };
    await verifyQuest(t, person, 'discordJoin');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => claimQuest(t, person, 'discordJoin')),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, ...Array(19).fill(409)]);
    expect((await flagsOf(person)).points).toBe(1000);
  });
});
