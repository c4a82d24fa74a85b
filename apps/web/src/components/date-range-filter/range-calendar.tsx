import { textDirection } from '@netpulse/i18n';
import { useMemo, useState } from 'react';
import { DayPicker, type DateRange, type DayPickerProps, type Modifiers } from 'react-day-picker';
import type { IntlShape } from 'react-intl';
import { useIntl } from '@/lib/i18n/use-intl';
import 'react-day-picker/style.css';
import './range-calendar.css';
import type { PickedRange } from './applied-range';

/** Spec section 2: the calendar shows 2 months. */
const NUMBER_OF_MONTHS = 2;

interface RangeCalendarProps {
  selected: PickedRange | undefined;
  onSelect: (range: PickedRange | undefined) => void;
}

/** English reads the day first ("1 October 2026"), as the other languages' own long dates do. */
function dateLocale(locale: string): string {
  return locale.startsWith('en') ? 'en-GB' : locale;
}

/**
 * The calendar's words in the page's language: the month captions, the weekday names
 * and the buttons' names. A day button's name starts with the number it shows
 * ("1 October 2026, Thursday"), so speech input can target it by what is on screen
 * (WCAG 2.5.3).
 */
function calendarWords(intl: IntlShape): Pick<DayPickerProps, 'labels' | 'formatters' | 'dir'> {
  const locale = dateLocale(intl.locale);
  const dayFormat = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const monthFormat = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' });
  const weekdayFormat = new Intl.DateTimeFormat(locale, { weekday: 'long' });
  const shortWeekdayFormat = new Intl.DateTimeFormat(locale, { weekday: 'short' });
  const english = intl.locale.startsWith('en');
  return {
    dir: textDirection(intl.locale),
    labels: {
      labelDayButton: (date: Date, modifiers: Modifiers) =>
        intl.formatMessage(
          {
            id: 'dateRange.dayButton',
            defaultMessage:
              '{date}, {weekday}{today, select, yes {, today} other {}}{selected, select, yes {, selected} other {}}',
          },
          {
            date: dayFormat.format(date),
            weekday: weekdayFormat.format(date),
            today: modifiers.today ? 'yes' : 'no',
            selected: modifiers.selected ? 'yes' : 'no',
          },
        ),
      labelNext: () =>
        intl.formatMessage({ id: 'dateRange.nextMonth', defaultMessage: 'Go to the Next Month' }),
      labelPrevious: () =>
        intl.formatMessage({
          id: 'dateRange.previousMonth',
          defaultMessage: 'Go to the Previous Month',
        }),
      labelGrid: (date: Date) => monthFormat.format(date),
      labelWeekday: (date: Date) => weekdayFormat.format(date),
    },
    // English keeps the calendar's own captions and two-letter weekdays.
    formatters: english
      ? {}
      : {
          formatCaption: (date: Date) => monthFormat.format(date),
          formatWeekdayName: (date: Date) => shortWeekdayFormat.format(date),
        },
  };
}

function useCalendarWords() {
  const intl = useIntl();
  return useMemo(() => calendarWords(intl), [intl]);
}

/** The first day of last month: filters look back, so the range calendar opens on last month and this one. */
function lastMonth(): Date {
  const today = new Date();
  return new Date(today.getFullYear(), today.getMonth() - 1, 1);
}

/**
 * The two-month range calendar of the date-range filter. In its own module,
 * loaded when the filter first opens, so the calendar code stays out of the screens.
 */
export function RangeCalendar({ selected, onSelect }: RangeCalendarProps) {
  const words = useCalendarWords();
  const [defaultMonth] = useState(() => selected?.from ?? lastMonth());
  const range: DateRange | undefined = selected?.from
    ? { from: selected.from, to: selected.to }
    : undefined;
  return (
    <DayPicker
      className="np-range-calendar"
      mode="range"
      numberOfMonths={NUMBER_OF_MONTHS}
      defaultMonth={defaultMonth}
      selected={range}
      onSelect={onSelect}
      // A click on a complete range starts a new one instead of moving its end.
      resetOnSelect
      autoFocus
      {...words}
    />
  );
}

interface DayCalendarProps {
  selected: Date | undefined;
  onSelect: (day: Date | undefined) => void;
}

/** One day in the same calendar, opening on the picked month or this one (a planned end looks ahead). */
export function DayCalendar({ selected, onSelect }: DayCalendarProps) {
  const words = useCalendarWords();
  const [defaultMonth] = useState(() => selected ?? new Date());
  return (
    <DayPicker
      className="np-range-calendar"
      mode="single"
      numberOfMonths={NUMBER_OF_MONTHS}
      defaultMonth={defaultMonth}
      selected={selected}
      onSelect={onSelect}
      autoFocus
      {...words}
    />
  );
}
