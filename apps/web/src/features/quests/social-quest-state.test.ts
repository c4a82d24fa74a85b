import { SOCIAL_QUEST_KEYS, SOCIAL_QUESTS, type SocialQuestKey } from '@netpulse/shared';
import { describe, expect, it } from 'vitest';
import { testProfile } from '@testing/test-profile';
import { socialQuestState, type SocialQuestInput } from './social-quest-state';

const NOW = Date.parse('2026-03-01T12:00:00Z');

function stateOf(key: SocialQuestKey, overrides: Partial<Omit<SocialQuestInput, 'key'>> = {}) {
  return socialQuestState({
    key,
    profile: testProfile(),
    available: true,
    linkOpened: false,
    now: NOW,
    ...overrides,
  });
}

/** The controls a person sees, in a short form the tables below compare. */
function controls(key: SocialQuestKey, overrides: Partial<Omit<SocialQuestInput, 'key'>> = {}) {
  const { status, showLink, verify, claim } = stateOf(key, overrides);
  return { status, showLink, verify, claim };
}

const connected = {
  is_x_connected: true,
  is_discord_connected: true,
  is_telegram_connected: true,
};

describe('every social quest', () => {
  it.each(SOCIAL_QUEST_KEYS)('%s: claimed shows Claimed and nothing else to press', (key) => {
    const profile = testProfile({ ...connected, [SOCIAL_QUESTS[key].claimedFlag]: true });
    expect(stateOf(key, { profile })).toEqual({
      status: 'claimed',
      showLink: false,
      verify: 'none',
      keepNameMs: null,
      done: true,
      claim: 'claimed',
    });
  });

  it.each(SOCIAL_QUEST_KEYS)(
    '%s: an unconfigured platform offers nothing, whatever the profile',
    (key) => {
      for (const profile of [testProfile(), testProfile(connected)]) {
        expect(controls(key, { profile, available: false, linkOpened: true })).toEqual({
          status: 'unavailable',
          showLink: false,
          verify: 'none',
          claim: 'disabled',
        });
      }
    },
  );

  it.each(SOCIAL_QUEST_KEYS)('%s: a done step makes Claim the only action', (key) => {
    const quest = SOCIAL_QUESTS[key];
    const done = quest.doneFlag === 'is_youtube_verifying' ? 'verified' : true;
    const profile = testProfile({ ...connected, [quest.doneFlag]: done });
    expect(controls(key, { profile })).toEqual({
      status: 'claimable',
      showLink: false,
      verify: 'none',
      claim: 'enabled',
    });
    expect(stateOf(key, { profile }).done).toBe(true);
  });
});

describe('connect quests', () => {
  it.each(['xConnect', 'discordConnect', 'telegramConnect'] as const)(
    '%s offers the login until the account is linked',
    (key) => {
      expect(controls(key)).toEqual({
        status: 'connect',
        showLink: false,
        verify: 'none',
        claim: 'disabled',
      });
    },
  );

  it('X: once linked, its own Verify is active at once (no link to open)', () => {
    const profile = testProfile({ is_x_connected: true });
    expect(controls('xConnect', { profile })).toEqual({
      status: 'verify',
      showLink: false,
      verify: 'enabled',
      claim: 'disabled',
    });
  });

  it('X: verified reads Connected and enables Claim', () => {
    const profile = testProfile({ is_x_connected: true, is_x_verified: true });
    expect(stateOf('xConnect', { profile })).toMatchObject({ status: 'claimable', done: true });
  });

  it.each([
    ['discordConnect', { is_discord_connected: true }],
    ['telegramConnect', { is_telegram_connected: true }],
  ] as const)('%s: linking is the step; Claim is next', (key, flags) => {
    expect(controls(key, { profile: testProfile(flags) })).toMatchObject({
      status: 'claimable',
      claim: 'enabled',
    });
  });
});

describe('join, follow and retweet quests', () => {
  const membership = SOCIAL_QUEST_KEYS.filter((key) => SOCIAL_QUESTS[key].kind === 'membership');

  it('are the five of the contract', () => {
    expect(membership).toEqual([
      'xFollow',
      'xFounderFollow',
      'xRetweet',
      'discordJoin',
      'telegramJoin',
    ]);
  });

  it.each(membership)('%s waits for the account to be connected', (key) => {
    expect(controls(key, { linkOpened: true })).toEqual({
      status: 'locked',
      showLink: false,
      verify: 'none',
      claim: 'disabled',
    });
  });

  it.each(membership)('%s: connected, the link shows and Verify waits for it', (key) => {
    const profile = testProfile(connected);
    expect(controls(key, { profile })).toEqual({
      status: 'verify',
      showLink: true,
      verify: 'disabled',
      claim: 'disabled',
    });
    expect(controls(key, { profile, linkOpened: true })).toEqual({
      status: 'verify',
      showLink: true,
      verify: 'enabled',
      claim: 'disabled',
    });
  });

  it('only the platform of the quest counts as connected', () => {
    const profile = testProfile({ is_x_connected: true });
    expect(stateOf('discordJoin', { profile }).status).toBe('locked');
    expect(stateOf('telegramJoin', { profile }).status).toBe('locked');
    expect(stateOf('xFollow', { profile }).status).toBe('verify');
  });
});

describe('YouTube subscribe', () => {
  it('needs no account: Subscribe first, then Verify', () => {
    expect(controls('youtubeSubscribe')).toEqual({
      status: 'verify',
      showLink: true,
      verify: 'disabled',
      claim: 'disabled',
    });
    expect(controls('youtubeSubscribe', { linkOpened: true })).toMatchObject({
      verify: 'enabled',
    });
  });

  it("'true' is Verifying...: nothing to press until it is decided", () => {
    const profile = testProfile({ is_youtube_verifying: 'true' });
    expect(controls('youtubeSubscribe', { profile, linkOpened: true })).toEqual({
      status: 'verifying',
      showLink: true,
      verify: 'none',
      claim: 'disabled',
    });
  });

  it("'verified' enables the claim; any other value starts over", () => {
    const verified = testProfile({ is_youtube_verifying: 'verified' });
    expect(stateOf('youtubeSubscribe', { profile: verified }).claim).toBe('enabled');
    const rejected = testProfile({ is_youtube_verifying: 'rejected' });
    expect(stateOf('youtubeSubscribe', { profile: rejected }).status).toBe('verify');
  });
});

describe('name quests', () => {
  const names = [
    ['xName', 'x_name_verify_time', { is_x_connected: true }],
    ['discordName', 'discord_name_verify_time', { is_discord_connected: true }],
    ['telegramName', 'telegram_name_verify_time', { is_telegram_connected: true }],
  ] as const;

  it.each(names)('%s waits for the account to be connected', (key) => {
    expect(stateOf(key, { linkOpened: true }).status).toBe('locked');
  });

  it.each(names)('%s: Verify is active once Add name was opened', (key, _timer, flags) => {
    const profile = testProfile(flags);
    expect(controls(key, { profile })).toEqual({
      status: 'verify',
      showLink: true,
      verify: 'disabled',
      claim: 'disabled',
    });
    expect(controls(key, { profile, linkOpened: true }).verify).toBe('enabled');
  });

  it.each(names)(
    '%s: while the timer runs, it counts down and Verify waits',
    (key, timer, flags) => {
      const deadline = new Date(NOW + 90_061_000).toISOString();
      const profile = testProfile({ ...flags, [timer]: deadline });
      for (const linkOpened of [false, true]) {
        expect(stateOf(key, { profile, linkOpened })).toEqual({
          status: 'keep-name',
          showLink: true,
          verify: 'disabled',
          keepNameMs: 90_061_000,
          done: false,
          claim: 'disabled',
        });
      }
      expect(stateOf(key, { profile, now: NOW + 90_060_999 }).keepNameMs).toBe(1);
    },
  );

  it.each(names)(
    '%s: once the timer has run out, Verify is active at once',
    (key, timer, flags) => {
      const profile = testProfile({ ...flags, [timer]: new Date(NOW).toISOString() });
      expect(controls(key, { profile, linkOpened: false })).toEqual({
        status: 'verify',
        showLink: true,
        verify: 'enabled',
        claim: 'disabled',
      });
    },
  );

  it('an unreadable deadline counts as no timer', () => {
    const profile = testProfile({ is_x_connected: true, x_name_verify_time: 'soon' });
    expect(controls('xName', { profile }).verify).toBe('disabled');
  });

  it('Verified enables the claim, timer or not', () => {
    const profile = testProfile({
      is_x_connected: true,
      is_x_name_verified: true,
      x_name_verify_time: new Date(NOW + 60_000).toISOString(),
    });
    expect(controls('xName', { profile })).toMatchObject({ status: 'claimable', claim: 'enabled' });
  });
});
