import { DAILY_CLAIM_POINTS, type DailyClaimProfile } from '@netpulse/shared';
import type { ElementType } from 'react';
import { IconBadge } from '@/components/ui/icon-badge';
import { GiftIcon } from '@/components/ui/signed-in-icons';
import { DailyClaimButton } from './daily-claim-button';

interface DailyClaimItemProps {
  /** Undefined while the profile loads. */
  profile: DailyClaimProfile | undefined;
  /** `li` inside a list of quests, `div` on its own. */
  as?: ElementType;
}

/** The Daily Claim row of the dashboard's Quests panel and of the Quests screen. */
export function DailyClaimItem({ profile, as: Item = 'div' }: DailyClaimItemProps) {
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
        <h3 className="font-medium text-ink">Daily Claim</h3>
        <p className="text-xs text-ink-muted">
          {DAILY_CLAIM_POINTS} Bytes a day, from midnight UTC
        </p>
      </div>
      {/* One width for "Claim 100" and "Unlock in 23:59:59": locking moves nothing. */}
      <DailyClaimButton profile={profile} className="w-full sm:w-44 sm:px-3" />
    </Item>
  );
}
