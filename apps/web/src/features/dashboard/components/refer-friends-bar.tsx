import { useId } from 'react';
import { CopyLinkButton } from '../../../components/share/copy-link-button';
import { TweetLink } from '../../../components/share/tweet-link';
import { GiftIcon } from '../../../components/ui/signed-in-icons';
import { IconBadge } from '../../../components/ui/icon-badge';

interface ReferFriendsBarProps {
  /** Undefined while the dashboard stats load. */
  referralUrl: string | undefined;
  twitterUrl: string | undefined;
  /** The stats could not be loaded, so there is no link to show. */
  unavailable: boolean;
}

/** The Refer Your Friends bar: the referral link, Copy Link and Tweet Referral. */
export function ReferFriendsBar({ referralUrl, twitterUrl, unavailable }: ReferFriendsBarProps) {
  const titleId = useId();
  const inputId = useId();
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
            Refer Your Friends
          </h2>
          <p className="text-xs text-ink-muted">Share your link and earn Bytes together.</p>
        </div>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-center">
        <label htmlFor={inputId} className="sr-only">
          Your referral link
        </label>
        <input
          id={inputId}
          type="text"
          readOnly
          value={referralUrl ?? ''}
          placeholder={
            unavailable ? 'Your referral link is unavailable' : 'Loading your referral link…'
          }
          data-testid="referral-url"
          onFocus={(event) => event.currentTarget.select()}
          className="block min-h-11 w-full min-w-0 flex-1 truncate rounded-lg border border-line bg-surface-raised px-3.5 py-2.5 text-sm text-ink placeholder:text-ink-faint"
        />
        <div className="flex flex-wrap gap-3">
          <CopyLinkButton text={referralUrl} className="flex-1 sm:flex-none" />
          <TweetLink href={twitterUrl} className="flex-1 sm:flex-none" />
        </div>
      </div>
    </section>
  );
}
