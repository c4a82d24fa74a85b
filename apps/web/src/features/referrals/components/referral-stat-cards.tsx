import type { ReferralCampaign } from '@netpulse/shared';
import { StatCard, StatGrid } from '@/components/ui/stat-card';
import { formatPoints } from '@/lib/format-number';

interface ReferralStatCardsProps {
  /** Undefined while the campaign loads. */
  campaign: ReferralCampaign | undefined;
  /** The campaign could not be loaded: the cards show a dash, not a placeholder. */
  failed: boolean;
}

/** The three stat cards of the Referral screen (spec section 2). */
export function ReferralStatCards({ campaign, failed }: ReferralStatCardsProps) {
  const value = (figure: number | undefined) =>
    figure !== undefined ? formatPoints(figure) : undefined;
  return (
    <StatGrid columns={3}>
      <StatCard
        label="Successful Referrals"
        value={value(campaign?.successfulReferrals)}
        failed={failed}
        testId="stat-successful-referrals"
      />
      <StatCard
        label="Pending Referrals"
        value={value(campaign?.pendingReferrals)}
        failed={failed}
        testId="stat-pending-referrals"
      />
      <StatCard
        label="Total Referral Bonus"
        value={value(campaign?.totalReferralBonus)}
        failed={failed}
        unit="Bytes"
        testId="stat-total-referral-bonus"
      />
    </StatGrid>
  );
}
