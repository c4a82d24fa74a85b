import { formattingLocale, isSourceLanguage } from '@netpulse/shared';
import { defineMessages, textDirection } from '@netpulse/i18n';
import { use, useMemo, useState } from 'react';
import { DayPicker, type DateRange, type Modifiers, type PropsBase } from 'react-day-picker';
import type { PageFormatter } from '@/lib/i18n/active-locale';
import 'react-day-picker/style.css';
import './range-calendar.css';
import { useIntl } from '@/lib/i18n/use-intl';
import type { PickedRange } from './applied-range';
import { calendarLocale } from './calendar-locale';

/** Spec section 2: the calendar shows 2 months. */
const NUMBER_OF_MONTHS = 2;

interface RangeCalendarProps {
  selected: PickedRange | undefined;
  onSelect: (range: PickedRange | undefined) => void;
}

const messages = defineMessages({
  day: { id: 'calendar.day', defaultMessage: '{date}, {weekday}' },
  dayToday: { id: 'calendar.dayToday', defaultMessage: '{date}, {weekday}, today' },
  daySelected: { id: 'calendar.daySelected', defaultMessage: '{date}, {weekday}, selected' },
  dayTodaySelected: {
    id: 'calendar.dayTodaySelected',
    defaultMessage: '{date}, {weekday}, today, selected',
  },
});

/**
 * A day button's name holds the number it shows ("1 October 2026, Thursday", "1 октября
 * 2026 г., четверг"), so speech input can target it by what is on screen (WCAG 2.5.3).
 * English writes the day first, as its own calendar reads.
 */
function dayButtonLabeller(intl: PageFormatter): (date: Date, modifiers: Modifiers) => string {
  const tag = isSourceLanguage(intl.locale) ? 'en-GB' : formattingLocale(intl.locale);
  const dateFormat = new Intl.DateTimeFormat(tag, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const weekdayFormat = new Intl.DateTimeFormat(tag, { weekday: 'long' });
  return (date, modifiers) => {
    const values = { date: dateFormat.format(date), weekday: weekdayFormat.format(date) };
    const message =
      modifiers.today && modifiers.selected
        ? messages.dayTodaySelected
        : modifiers.today
          ? messages.dayToday
          : modifiers.selected
            ? messages.daySelected
            : messages.day;
    return intl.formatMessage(message, values);
  };
}

/**
 * The calendar in the page's language: month and day names, the week's first day and the
 * navigation's labels from the language's locale (loaded with the calendar, only the page's
 * one), laid out right to left in Arabic; days always in Latin digits (the one digit rule).
 */
function useCalendarLanguage(): Pick<PropsBase, 'locale' | 'dir' | 'lang' | 'numerals' | 'labels'> {
  const intl = useIntl();
  const locale = use(calendarLocale(intl.locale));
  const labelDayButton = useMemo(() => dayButtonLabeller(intl), [intl]);
  return {
    locale,
    lang: intl.locale,
    dir: textDirection(intl.locale),
    numerals: 'latn',
    labels: { labelDayButton },
  };
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
  const language = useCalendarLanguage();
  const [defaultMonth] = useState(() => selected?.from ?? lastMonth());
  const range: DateRange | undefined = selected?.from
    ? { from: selected.from, to: selected.to }
    : undefined;
  return (
    <DayPicker
      {...language}
      className="np-range-calendar"
      mode="range"
      numberOfMonths={NUMBER_OF_MONTHS}
      defaultMonth={defaultMonth}
      selected={range}
      onSelect={onSelect}
      // A click on a complete range starts a new one instead of moving its end.
      resetOnSelect
      autoFocus
    />
  );
}

interface DayCalendarProps {
  selected: Date | undefined;
  onSelect: (day: Date | undefined) => void;
}

/** One day in the same calendar, opening on the picked month or this one (a planned end looks ahead). */
export function DayCalendar({ selected, onSelect }: DayCalendarProps) {
  const language = useCalendarLanguage();
  const [defaultMonth] = useState(() => selected ?? new Date());
  return (
    <DayPicker
      {...language}
      className="np-range-calendar"
      mode="single"
      numberOfMonths={NUMBER_OF_MONTHS}
      defaultMonth={defaultMonth}
      selected={selected}
      onSelect={onSelect}
      autoFocus
    />
  );
}
