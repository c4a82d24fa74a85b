import type { ReferralCampaign } from '@netpulse/shared';
import { StatCard, StatGrid } from '@/components/ui/stat-card';
import { formatPoints } from '@/lib/format-number';
import { useIntl } from '@/lib/i18n/use-intl';

interface ReferralStatCardsProps {
  /** Undefined while the campaign loads. */
  campaign: ReferralCampaign | undefined;
  /** The campaign could not be loaded: the cards show a dash, not a placeholder. */
  failed: boolean;
}

/** The three stat cards of the Referral screen (spec section 2). */
export function ReferralStatCards({ campaign, failed }: ReferralStatCardsProps) {
  const intl = useIntl();
  const value = (figure: number | undefined) =>
    figure !== undefined ? formatPoints(figure) : undefined;
  return (
    <StatGrid columns={3}>
      <StatCard
        label={intl.formatMessage({
          id: 'referrals.successful',
          defaultMessage: 'Successful Referrals',
        })}
        value={value(campaign?.successfulReferrals)}
        failed={failed}
        testId="stat-successful-referrals"
      />
      <StatCard
        label={intl.formatMessage({ id: 'referrals.pending', defaultMessage: 'Pending Referrals' })}
        value={value(campaign?.pendingReferrals)}
        failed={failed}
        testId="stat-pending-referrals"
      />
      <StatCard
        label={intl.formatMessage({
          id: 'referrals.totalBonus',
          defaultMessage: 'Total Referral Bonus',
        })}
        value={value(campaign?.totalReferralBonus)}
        failed={failed}
        unit={intl.formatMessage({ id: 'dashboard.unitBytes', defaultMessage: 'Bytes' })}
        testId="stat-total-referral-bonus"
      />
    </StatGrid>
  );
}
