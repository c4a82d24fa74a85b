import { leftToRightIn } from '@netpulse/shared';
import { lazy, Suspense, useRef, useState } from 'react';
import { LoadingState } from '@/components/ui/spinner';
import { useIntl } from '@/lib/i18n/use-intl';
import {
  appliedRange,
  rangeInputText,
  sameDateRange,
  type DateRangeValue,
  type PickedRange,
} from './applied-range';
import { CalendarField, type CalendarFieldHandle } from './calendar-field';

const RangeCalendar = lazy(async () => ({
  default: (await import('./range-calendar')).RangeCalendar,
}));

interface DateRangeFilterProps {
  /**
   * Called when the applied range changes: YYYY-MM-DD bounds once both ends are
   * picked and differ, empty strings otherwise (spec section 2).
   */
  onChange: (range: DateRangeValue) => void;
  label?: string;
  className?: string;
}

/**
 * The shared date-range filter: a read-only input showing YYYY-MM-DD - YYYY-MM-DD
 * (decision 031; the spec's MM/DD/YYYY read as the 1st of March in one country and
 * the 3rd of January in another) that opens a two-month calendar.
 */
export function DateRangeFilter({ onChange, label, className }: DateRangeFilterProps) {
  const intl = useIntl();
  const [picked, setPicked] = useState<PickedRange | undefined>();
  const field = useRef<CalendarFieldHandle>(null);

  const pick = (next: PickedRange | undefined) => {
    const before = appliedRange(picked);
    const after = appliedRange(next);
    setPicked(next);
    if (!sameDateRange(before, after)) onChange(after);
    // A complete range is what the user came for: hand the screen back.
    if (after.startDate) field.current?.close();
  };

  const hint = !picked?.from
    ? intl.formatMessage({
        id: 'dateRange.pickFirst',
        defaultMessage: 'Pick the first day of the range.',
      })
    : !picked.to || appliedRange(picked).startDate === ''
      ? intl.formatMessage({
          id: 'dateRange.pickLast',
          defaultMessage: 'Now pick the last day of the range.',
        })
      : intl.formatMessage(
          { id: 'dateRange.showing', defaultMessage: 'Showing {range}.' },
          { range: leftToRightIn(rangeInputText(picked), intl.locale) },
        );

  return (
    <CalendarField
      label={label ?? intl.formatMessage({ id: 'dateRange.label', defaultMessage: 'Date range' })}
      text={rangeInputText(picked)}
      placeholder={intl.formatMessage({
        id: 'dateRange.placeholder',
        defaultMessage: 'YYYY-MM-DD - YYYY-MM-DD',
      })}
      dialogLabel={intl.formatMessage({
        id: 'dateRange.dialogLabel',
        defaultMessage: 'Choose a date range',
      })}
      hint={hint}
      handle={field}
      onClear={() => pick(undefined)}
      className={className}
    >
      <Suspense
        fallback={
          <LoadingState
            label={intl.formatMessage({
              id: 'calendarField.loading',
              defaultMessage: 'Loading calendar…',
            })}
            className="px-10 py-10"
          />
        }
      >
        <RangeCalendar selected={picked} onSelect={pick} />
      </Suspense>
    </CalendarField>
  );
}
