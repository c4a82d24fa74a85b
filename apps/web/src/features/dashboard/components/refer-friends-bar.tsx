import { useId } from 'react';
import { ReferralLinkField } from '@/components/share/referral-link-field';
import { GiftIcon } from '@/components/ui/signed-in-icons';
import { IconBadge } from '@/components/ui/icon-badge';
import { useIntl } from '@/lib/i18n/use-intl';

interface ReferFriendsBarProps {
  /** Undefined while the dashboard stats load. */
  referralUrl: string | undefined;
  twitterUrl: string | undefined;
  /** The stats could not be loaded, so there is no link to show. */
  unavailable: boolean;
}

/** The Refer Your Friends bar: the referral link, Copy referral link and Tweet Referral. */
export function ReferFriendsBar({ referralUrl, twitterUrl, unavailable }: ReferFriendsBarProps) {
  const intl = useIntl();
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      data-testid="refer-friends"
      className="flex flex-col gap-4 rounded-2xl border border-accent/30 bg-[linear-gradient(100deg,var(--color-accent-glow),transparent_70%)] bg-surface p-4 sm:p-5 lg:flex-row lg:items-center"
    >
      <div className="flex items-center gap-3 lg:w-64 lg:shrink-0">
        <IconBadge>
          <GiftIcon />
        </IconBadge>
        <div>
          <h2 id={titleId} className="text-base font-semibold text-ink">
            {intl.formatMessage({
              id: 'dashboard.referTitle',
              defaultMessage: 'Refer Your Friends',
            })}
          </h2>
          <p className="text-xs text-ink-muted">
            {intl.formatMessage({
              id: 'dashboard.referDetail',
              defaultMessage: 'Share your link and earn Bytes together.',
            })}
          </p>
        </div>
      </div>
      <ReferralLinkField
        referralUrl={referralUrl}
        twitterUrl={twitterUrl}
        unavailable={unavailable}
        className="flex-1"
      />
    </section>
  );
}
