import { useId } from 'react';
import { cn } from '@/lib/cn';
import { useIntl } from '@/lib/i18n/use-intl';
import { CopyLinkButton } from './copy-link-button';
import { TweetLink } from './tweet-link';

interface ReferralLinkFieldProps {
  /** Undefined while the link loads. */
  referralUrl: string | undefined;
  twitterUrl: string | undefined;
  /** The link could not be loaded, so there is none to show. */
  unavailable: boolean;
  className?: string;
}

/**
 * The read-only referral link with its Copy referral link and Tweet Referral buttons, as
 * the dashboard's Refer Your Friends bar and the Referral screen show it.
 */
export function ReferralLinkField({
  referralUrl,
  twitterUrl,
  unavailable,
  className,
}: ReferralLinkFieldProps) {
  const intl = useIntl();
  const inputId = useId();
  return (
    <div className={cn('flex min-w-0 flex-col gap-3 sm:flex-row sm:items-center', className)}>
      <label htmlFor={inputId} className="sr-only">
        {intl.formatMessage({ id: 'share.referralLink', defaultMessage: 'Your referral link' })}
      </label>
      <input
        id={inputId}
        type="text"
        readOnly
        value={referralUrl ?? ''}
        placeholder={
          unavailable
            ? intl.formatMessage({
                id: 'share.referralLinkUnavailable',
                defaultMessage: 'Your referral link is unavailable',
              })
            : intl.formatMessage({
                id: 'share.referralLinkLoading',
                defaultMessage: 'Loading your referral link…',
              })
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
  );
}
