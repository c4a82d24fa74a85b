import { cn } from '@/lib/cn';
import { buttonClasses } from '@/components/ui/button';
import { XLogoIcon } from '@/components/ui/signed-in-icons';

/** The Tweet Referral link: opens the prepared post in a new tab. */
export function TweetLink({
  href,
  label = 'Tweet Referral',
  className,
}: {
  /** Undefined while loading: the link is shown disabled. */
  href: string | undefined;
  label?: string;
  className?: string;
}) {
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
      {label}
    </a>
  );
}
