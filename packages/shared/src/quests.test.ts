import { describe, expect, it } from 'vitest';
import { QUESTS_TOTAL } from './constants.ts';
import {
  QUEST_PLATFORM_SETTINGS,
  QUEST_PLATFORMS,
  offeredSocialQuestKeys,
  questTally,
  SOCIAL_QUEST_KEYS,
  type OfferedPlatforms,
} from './quests.ts';

const ALL: OfferedPlatforms = { x: true, discord: true, telegram: true, youtube: true };
/** A server with no platform credentials at all: YouTube (reviewed by hand) alone. */
const BARE: OfferedPlatforms = { x: false, discord: false, telegram: false, youtube: true };

describe('questTally', () => {
  it('counts all 19 quests when every platform is configured', () => {
    expect(questTally(0, ALL)).toEqual({ completed: 0, total: QUESTS_TOTAL });
    expect(QUESTS_TOTAL).toBe(19);
  });

  it('leaves out the quests of an unconfigured platform: 0/19 with 11 undoable reads 0/8', () => {
    // X has 5 quests, Discord and Telegram 3 each: 11 nobody could do.
    expect(questTally(0, BARE)).toEqual({ completed: 0, total: 8 });
    expect(questTally(2, { ...ALL, telegram: false })).toEqual({ completed: 2, total: 16 });
  });

  it('never reads more done than there are, when a platform was switched off after claims', () => {
    expect(questTally(12, BARE)).toEqual({ completed: 8, total: 8 });
  });
});

describe('offeredSocialQuestKeys', () => {
  it("lists only the offered platforms' quests", () => {
    expect(offeredSocialQuestKeys(BARE)).toEqual(['youtubeSubscribe']);
    expect(offeredSocialQuestKeys(ALL)).toEqual(SOCIAL_QUEST_KEYS);
    expect(offeredSocialQuestKeys({ ...ALL, x: false }).some((key) => key.startsWith('x'))).toBe(
      false,
    );
  });
});

describe('QUEST_PLATFORM_SETTINGS', () => {
  it('names settings for every platform that needs credentials, and none for YouTube', () => {
    for (const platform of QUEST_PLATFORMS) {
      expect(QUEST_PLATFORM_SETTINGS[platform].length > 0).toBe(platform !== 'youtube');
    }
  });
});
