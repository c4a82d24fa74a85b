import { useState } from 'react';
import { DayPicker, type DateRange, type Modifiers } from 'react-day-picker';
import 'react-day-picker/style.css';
import './range-calendar.css';
import type { PickedRange } from './applied-range';

/** Spec section 2: the calendar shows 2 months. */
const NUMBER_OF_MONTHS = 2;

interface RangeCalendarProps {
  selected: PickedRange | undefined;
  onSelect: (range: PickedRange | undefined) => void;
}

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long' });
const weekdayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long' });

/**
 * A day button's name starts with the number it shows ("1 October 2026, Thursday"),
 * so speech input can target it by what is on screen (WCAG 2.5.3).
 */
function labelDayButton(date: Date, modifiers: Modifiers): string {
  const parts = [
    `${date.getDate()} ${monthFormat.format(date)} ${date.getFullYear()}`,
    weekdayFormat.format(date),
  ];
  if (modifiers.today) parts.push('today');
  if (modifiers.selected) parts.push('selected');
  return parts.join(', ');
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
      labels={{ labelDayButton }}
    />
  );
}

interface DayCalendarProps {
  selected: Date | undefined;
  onSelect: (day: Date | undefined) => void;
}

/** One day in the same calendar, opening on the picked month or this one (a planned end looks ahead). */
export function DayCalendar({ selected, onSelect }: DayCalendarProps) {
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
      labels={{ labelDayButton }}
    />
  );
}
