import {
  DAILY_CLAIM_POINTS,
  dailyClaimState,
  type DailyClaimProfile,
  type DailyClaimState,
  formatClock,
} from '@netpulse/shared';
import type { ElementType } from 'react';
import { IconBadge } from '@/components/ui/icon-badge';
import { GiftIcon } from '@/components/ui/signed-in-icons';
import { useNow } from '@/hooks/use-now';
import { intl as activeIntl, type PageFormatter } from '@/lib/i18n/active-locale';
import { durationText } from '@/lib/format-time';
import { useIntl } from '@/lib/i18n/use-intl';
import { DailyClaimButton } from './daily-claim-button';

/** The wait is read every second, so the claim unlocks at midnight UTC without a reload. */
const TICK_MS = 1000;

interface DailyClaimItemProps {
  /** Undefined while the profile loads. */
  profile: DailyClaimProfile | undefined;
  /** `li` inside a list of quests, `div` on its own. */
  as?: ElementType;
}

/**
 * What the claim's line says: the rule (it runs on UTC, and says so), or once claimed
 * when the next claim opens, "Next claim at 00:00 UTC, in 3 h 12 min".
 */
export function dailyClaimNote(
  state: DailyClaimState | undefined,
  intl: PageFormatter = activeIntl(),
): string {
  if (!state || state.unlocked) {
    return intl.formatMessage(
      { id: 'dailyClaim.rule', defaultMessage: '{points, number} Bytes a day, from 00:00 UTC' },
      { points: DAILY_CLAIM_POINTS },
    );
  }
  return intl.formatMessage(
    { id: 'dailyClaim.next', defaultMessage: 'Next claim at {time} UTC, in {duration}' },
    { time: formatClock(state.unlocksAt, 'UTC'), duration: durationText(state.remainingMs, intl) },
  );
}

/** The Daily Claim row of the dashboard's Quests panel and of the Quests screen. */
export function DailyClaimItem({ profile, as: Item = 'div' }: DailyClaimItemProps) {
  const intl = useIntl();
  const now = useNow(TICK_MS);
  const state = profile ? dailyClaimState(profile, now) : undefined;
  return (
    <Item
      data-testid="daily-claim"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-surface-raised/50 p-4"
    >
      <IconBadge>
        <GiftIcon />
      </IconBadge>
      {/* A minimum width lets the button wrap below rather than squeeze the title. */}
      <div className="min-w-32 flex-1">
        <h3 className="font-medium text-ink">
          {intl.formatMessage({ id: 'dailyClaim.title', defaultMessage: 'Daily Claim' })}
        </h3>
        <p className="text-xs text-ink-muted tabular-nums" data-testid="daily-claim-note">
          {dailyClaimNote(state, intl)}
        </p>
      </div>
      {/* One width for "Claim 100" and "Claimed today": locking moves nothing. */}
      <DailyClaimButton state={state} className="w-full sm:w-44 sm:px-3" />
    </Item>
  );
}
