import { NAME_QUEST_TIMERS, SOCIAL_QUEST_KEYS, SOCIAL_QUESTS } from '@netpulse/shared';
import { describe, expect, it } from 'vitest';
import type { QuestProfile } from '../quest-progress/index.ts';
import { questStatesOf } from './quest-states.ts';

/** A profile with no quest touched, and the given fields set. */
function profile(overrides: Partial<QuestProfile> = {}): QuestProfile {
  const fields: Record<string, boolean | string | null> = {
    is_x_connected: false,
    is_discord_verified: false,
    is_youtube_verifying: 'false',
  };
  for (const key of SOCIAL_QUEST_KEYS) {
    fields[SOCIAL_QUESTS[key].doneFlag] = false;
    fields[SOCIAL_QUESTS[key].claimedFlag] = false;
  }
  for (const timer of Object.values(NAME_QUEST_TIMERS)) fields[timer] = null;
  fields.is_youtube_verifying = 'false';
  return { ...(fields as unknown as QuestProfile), ...overrides };
}

const stateOf = (states: ReturnType<typeof questStatesOf>, quest: string) =>
  states.find((row) => row.quest === quest);

describe('questStatesOf', () => {
  it('lists every social quest, in order, as not started for a new account', () => {
    const states = questStatesOf(profile(), new Map());
    expect(states.map((row) => row.quest)).toEqual(SOCIAL_QUEST_KEYS);
    expect(new Set(states.map((row) => row.state))).toEqual(new Set(['not_started']));
  });

  it('words each step: claimed with its time, done, waiting for review, keeping the name, started', () => {
    const claimedAt = new Date('2026-11-25T12:41:00Z');
    const states = questStatesOf(
      profile({
        is_x_rt_vl: true,
        is_x_rt_vl_claimed: true,
        is_x_joined: true,
        is_youtube_verifying: 'true',
        discord_name_verify_time: '2026-11-26T08:00:00.000Z',
        is_x_connected: true,
      }),
      new Map([['xRetweet', claimedAt]]),
    );
    expect(stateOf(states, 'xRetweet')).toEqual({
      quest: 'xRetweet',
      state: 'claimed',
      at: claimedAt.toISOString(),
    });
    expect(stateOf(states, 'xFollow')).toMatchObject({ state: 'done', at: null });
    expect(stateOf(states, 'youtubeSubscribe')).toMatchObject({ state: 'waiting_for_review' });
    expect(stateOf(states, 'discordName')).toEqual({
      quest: 'discordName',
      state: 'keeping_name',
      at: '2026-11-26T08:00:00.000Z',
    });
    expect(stateOf(states, 'xConnect')).toMatchObject({ state: 'started' });
    expect(stateOf(states, 'telegramJoin')).toMatchObject({ state: 'not_started' });
  });
});
