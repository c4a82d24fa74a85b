import { REFERRAL_BONUS_POINTS, REFERRAL_QUALIFYING_TESTS } from '@netpulse/shared';
import { ReferralLinkField } from '@/components/share/referral-link-field';
import { Panel } from '@/components/ui/panel';

interface ReferralLinkPanelProps {
  /** Undefined while the campaign loads. */
  referralUrl: string | undefined;
  twitterUrl: string | undefined;
  unavailable: boolean;
}

/** The user's referral link with Copy referral link and Tweet Referral, and what a referral brings. */
export function ReferralLinkPanel({
  referralUrl,
  twitterUrl,
  unavailable,
}: ReferralLinkPanelProps) {
  return (
    <Panel title="Your Referral Link" testId="referral-link">
      <div className="flex flex-col gap-3">
        <ReferralLinkField
          referralUrl={referralUrl}
          twitterUrl={twitterUrl}
          unavailable={unavailable}
        />
        <p className="text-sm text-ink-muted">
          Each successful referral unlocks an extra{' '}
          <strong className="font-semibold text-accent-strong">
            {REFERRAL_BONUS_POINTS} Bytes
          </strong>
          . A referral succeeds once your friend has verified their email and completed{' '}
          {REFERRAL_QUALIFYING_TESTS} speed tests.
        </p>
      </div>
    </Panel>
  );
}
