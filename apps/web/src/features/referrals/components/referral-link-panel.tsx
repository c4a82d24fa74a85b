import { REFERRAL_BONUS_POINTS, REFERRAL_QUALIFYING_TESTS } from '@netpulse/shared';
import { ReferralLinkField } from '@/components/share/referral-link-field';
import { Panel } from '@/components/ui/panel';
import { useIntl } from '@/lib/i18n/use-intl';

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
  const intl = useIntl();
  return (
    <Panel
      title={intl.formatMessage({
        id: 'referrals.linkTitle',
        defaultMessage: 'Your Referral Link',
      })}
      testId="referral-link"
    >
      <div className="flex flex-col gap-3">
        <ReferralLinkField
          referralUrl={referralUrl}
          twitterUrl={twitterUrl}
          unavailable={unavailable}
        />
        <p className="text-sm text-ink-muted">
          {intl.formatMessage(
            {
              id: 'referrals.linkDetail',
              defaultMessage:
                'Each successful referral unlocks an extra <strong>{bonus} Bytes</strong>. A referral succeeds once your friend has verified their email and completed {tests, plural, one {# speed test} other {# speed tests}}.',
            },
            {
              bonus: REFERRAL_BONUS_POINTS,
              tests: REFERRAL_QUALIFYING_TESTS,
              strong: (chunks) => (
                <strong className="font-semibold text-accent-strong">{chunks}</strong>
              ),
            },
          )}
        </p>
      </div>
    </Panel>
  );
}
