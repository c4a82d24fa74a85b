import { PageHeading } from '@/components/ui/page-heading';
import { useIntl } from '@/lib/i18n/use-intl';
import { useReferralCampaign } from '@/features/referrals/api/get-referral-campaign';
import { ReferralLinkPanel } from './referral-link-panel';
import { ReferralStatCards } from './referral-stat-cards';
import { ReferralStatusPanel } from './referral-status-panel';

/** The Referral screen (spec section 2): the referral counts, the link, and who signed up with it. */
export function ReferralScreen() {
  const intl = useIntl();
  const { data: campaign, isError: campaignFailed } = useReferralCampaign();
  return (
    <section className="flex flex-col gap-6">
      <PageHeading
        title={intl.formatMessage({ id: 'referrals.title', defaultMessage: 'Referral' })}
      />
      <ReferralStatCards campaign={campaign} failed={campaignFailed} />
      <ReferralLinkPanel
        referralUrl={campaign?.referralUrl}
        twitterUrl={campaign?.twitterUrl}
        unavailable={campaignFailed}
      />
      <ReferralStatusPanel referralUrl={campaign?.referralUrl} />
    </section>
  );
}
