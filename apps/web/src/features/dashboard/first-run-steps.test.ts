import type { FirstRunState } from '@netpulse/shared';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { intl } from '@/lib/i18n/active-locale';
import { firstRunSteps, isFirstRunDone } from './first-run-steps';

const nothingYet: FirstRunState = {
  email_verified: true,
  extension_signed_in: false,
  first_test: false,
  first_daily_claim: false,
  first_friend_invited: false,
};

describe('the first-run steps', () => {
  it('list the five steps in order, each linking to where it is done', () => {
    expect(
      firstRunSteps(nothingYet).map(({ label, to, done }) => [
        intl().formatMessage(label),
        to,
        done,
      ]),
    ).toEqual([
      ['Verify your email', paths.checkInbox.href(), true],
      ['Install the extension and sign it in', paths.install.href(), false],
      ['Run your first speed test', paths.nodes.href(), false],
      ['Claim your first daily Bytes', paths.quests.href(), false],
      ['Invite your first friend', paths.referral.href(), false],
    ]);
  });

  it('are done only when every one is', () => {
    expect(isFirstRunDone(nothingYet)).toBe(false);
    const allDone = Object.fromEntries(
      Object.keys(nothingYet).map((key) => [key, true]),
    ) as FirstRunState;
    expect(isFirstRunDone(allDone)).toBe(true);
    expect(isFirstRunDone({ ...allDone, first_friend_invited: false })).toBe(false);
  });
});
