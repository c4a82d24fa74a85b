import { cn } from '@/lib/cn';
import { buttonClasses } from '@/components/ui/button';
import { XLogoIcon } from '@/components/ui/signed-in-icons';
import { useIntl } from '@/lib/i18n/use-intl';

/** The Tweet Referral link: opens the prepared post in a new tab. */
export function TweetLink({
  href,
  label,
  className,
}: {
  /** Undefined while loading: the link is shown disabled. */
  href: string | undefined;
  label?: string;
  className?: string;
}) {
  const intl = useIntl();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      // Without an href an anchor is no link; role and aria-disabled keep it announced as one.
      role={href ? undefined : 'link'}
      aria-disabled={href ? undefined : true}
      className={cn(buttonClasses('secondary'), 'whitespace-nowrap', className)}
    >
      <XLogoIcon className="size-4" />
      {label ?? intl.formatMessage({ id: 'share.tweetReferral', defaultMessage: 'Tweet Referral' })}
    </a>
  );
}
