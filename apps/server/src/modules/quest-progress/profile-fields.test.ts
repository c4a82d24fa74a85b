import { describe, expect, it } from 'vitest';
import { userProfileSchema, YOUTUBE_STATES } from '@netpulse/shared';
import {
  questChangesOf,
  questProfileOf,
  type QuestFieldChanges,
  type QuestProgressRow,
} from './profile-fields.ts';

/** The rows that a set of changes, written to a user without any, leaves. */
function rowsAfter(fields: QuestFieldChanges): QuestProgressRow[] {
  return [...questChangesOf(fields)].map(([quest, changes]) => ({
    quest,
    started: false,
    done: false,
    claimed: false,
    timerEndsAt: null,
    ...changes,
  }));
}

const shape = userProfileSchema.shape;
const flags = (Object.keys(shape) as (keyof typeof shape)[]).filter(
  (field) => shape[field].def.type === 'boolean',
);
const timers = ['x_name_verify_time', 'discord_name_verify_time', 'telegram_name_verify_time'];

describe('the profile’s quest fields in quest_progress', () => {
  it('read all false, not verifying and no timers for a user without rows', () => {
    const profile = questProfileOf([]);
    expect(Object.keys(profile).sort()).toEqual(
      [...flags, 'is_youtube_verifying', ...timers].sort(),
    );
    for (const flag of flags) expect(profile[flag as keyof typeof profile], flag).toBe(false);
    expect(profile.is_youtube_verifying).toBe('false');
    for (const timer of timers) expect(profile[timer as keyof typeof profile]).toBeNull();
  });

  it('keep every flag in a place of its own: setting one sets it and nothing else', () => {
    expect(flags).toHaveLength(25);
    for (const flag of flags) {
      const profile = questProfileOf(rowsAfter({ [flag]: true }));
      const set = Object.entries(profile).filter(([, value]) => value === true);
      expect(set, flag).toEqual([[flag, true]]);
    }
  });

  it('keep each timer and each YouTube state as written', () => {
    const end = new Date('2026-03-11T08:00:00.123Z');
    for (const timer of timers) {
      expect(questProfileOf(rowsAfter({ [timer]: end }))).toMatchObject({
        [timer]: end.toISOString(),
        is_youtube_verifying: 'false',
      });
    }
    for (const state of Object.values(YOUTUBE_STATES)) {
      expect(questProfileOf(rowsAfter({ is_youtube_verifying: state })).is_youtube_verifying).toBe(
        state,
      );
    }
  });

  it('refuses a field that is not a quest field', () => {
    expect(() => questChangesOf({ points: 1 } as never)).toThrow('points is not a quest field');
  });
});
