import { cn } from '@/lib/cn';
import { useIntl } from '@/lib/i18n/use-intl';

/** The IAB medium rectangle: fits a 360 px wide phone with the page's side padding. */
const AD_WIDTH = 300;
const AD_HEIGHT = 250;

/**
 * An empty, fixed-size container the ad script fills (it finds slots by
 * `data-ad-slot`). The size is reserved up front so the ad never shifts the page.
 */
export function AdSlot({
  slot,
  label,
  className,
}: {
  slot: string;
  label: string;
  className?: string;
}) {
  const intl = useIntl();
  return (
    <section
      aria-label={label}
      data-ad-slot={slot}
      style={{ width: AD_WIDTH, height: AD_HEIGHT }}
      className={cn(
        'relative flex shrink-0 items-center justify-center overflow-hidden rounded-xl border border-dashed border-line bg-surface/60',
        className,
      )}
    >
      <span className="text-xs font-medium uppercase tracking-widest text-ink-muted">
        {intl.formatMessage({ id: 'ads.advertisement', defaultMessage: 'Advertisement' })}
      </span>
    </section>
  );
}
