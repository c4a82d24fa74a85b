import { formatDate, leftToRightIn } from '@netpulse/shared';
import { lazy, Suspense, useRef } from 'react';
import { LoadingState } from '@/components/ui/spinner';
import { useIntl } from '@/lib/i18n/use-intl';
import { CalendarField, type CalendarFieldHandle } from './calendar-field';

const DayCalendar = lazy(async () => ({
  default: (await import('./range-calendar')).DayCalendar,
}));

interface DateFieldProps {
  label: string;
  /** The picked day (a local midnight), or undefined. */
  value: Date | undefined;
  onChange: (day: Date | undefined) => void;
  /** Always shown under the field: what the day means (e.g. the zone its end is in). */
  description?: string;
  error?: string | undefined;
  className?: string;
}

/** One day picked in the app's calendar (two months, like the range filter), shown YYYY-MM-DD. */
export function DateField({
  label,
  value,
  onChange,
  description,
  error,
  className,
}: DateFieldProps) {
  const intl = useIntl();
  const field = useRef<CalendarFieldHandle>(null);
  return (
    <CalendarField
      handle={field}
      label={label}
      text={value ? formatDate(value) : ''}
      placeholder={intl.formatMessage({
        id: 'dateField.placeholder',
        defaultMessage: 'YYYY-MM-DD',
      })}
      dialogLabel={intl.formatMessage(
        { id: 'dateField.dialogLabel', defaultMessage: 'Choose {label}' },
        { label: label.toLocaleLowerCase(intl.locale) },
      )}
      hint={
        value
          ? intl.formatMessage(
              { id: 'dateField.picked', defaultMessage: 'Picked {date}.' },
              { date: leftToRightIn(formatDate(value), intl.locale) },
            )
          : intl.formatMessage({ id: 'dateField.pickDay', defaultMessage: 'Pick a day.' })
      }
      description={description}
      error={error}
      onClear={() => onChange(undefined)}
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
        <DayCalendar
          selected={value}
          onSelect={(day) => {
            onChange(day);
            if (day) field.current?.close();
          }}
        />
      </Suspense>
    </CalendarField>
  );
}
