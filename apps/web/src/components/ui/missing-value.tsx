import { useIntl } from '@/lib/i18n/use-intl';

/** Drawn, not read: a screen reader hears the label. */
const DASH = '-';

/**
 * A value that was never measured (a test from before it was kept): a dash on
 * screen, words for a screen reader.
 */
export function MissingValue({ label }: { label?: string }) {
  const intl = useIntl();
  return (
    <span data-testid="missing-value">
      <span aria-hidden="true">{DASH}</span>
      <span className="sr-only">
        {label ??
          intl.formatMessage({ id: 'ui.missingValue.notMeasured', defaultMessage: 'Not measured' })}
      </span>
    </span>
  );
}
