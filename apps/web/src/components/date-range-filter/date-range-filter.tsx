import { lazy, Suspense, useId, useRef, useState, type FocusEvent } from 'react';
import { useDismiss } from '@/hooks/use-dismiss';
import { cn } from '@/lib/cn';
import { FieldLabel } from '@/components/ui/field-label';
import { CalendarIcon } from '@/components/ui/signed-in-icons';
import { LoadingState } from '@/components/ui/spinner';
import {
  appliedRange,
  rangeInputText,
  sameDateRange,
  type DateRangeValue,
  type PickedRange,
} from './applied-range';

const RangeCalendar = lazy(async () => ({
  default: (await import('./range-calendar')).RangeCalendar,
}));

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

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
 * The shared date-range filter: a read-only input showing MM/DD/YYYY - MM/DD/YYYY
 * that opens a two-month calendar. Escape, an outside click or leaving it by
 * keyboard closes the calendar.
 */
export function DateRangeFilter({
  onChange,
  label = 'Date range',
  className,
}: DateRangeFilterProps) {
  const [picked, setPicked] = useState<PickedRange | undefined>();
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const popoverId = useId();

  const close = () => {
    setOpen(false);
    inputRef.current?.focus();
  };
  useDismiss(containerRef, open, close);

  const pick = (next: PickedRange | undefined) => {
    const before = appliedRange(picked);
    const after = appliedRange(next);
    setPicked(next);
    if (!sameDateRange(before, after)) onChange(after);
    // A complete range is what the user came for: hand the screen back.
    if (after.startDate) close();
  };

  const closeWhenFocusLeaves = (event: FocusEvent<HTMLDivElement>) => {
    if (open && !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
  };

  const hint = !picked?.from
    ? 'Pick the first day of the range.'
    : !picked.to || appliedRange(picked).startDate === ''
      ? 'Now pick the last day of the range.'
      : `Showing ${rangeInputText(picked)}.`;

  return (
    <div
      ref={containerRef}
      onBlur={closeWhenFocusLeaves}
      className={cn('relative flex flex-col gap-1.5', className)}
    >
      <FieldLabel htmlFor={inputId}>{label}</FieldLabel>
      <div className="relative">
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          readOnly
          role="combobox"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? popoverId : undefined}
          value={rangeInputText(picked)}
          placeholder="MM/DD/YYYY - MM/DD/YYYY"
          data-testid="date-range-input"
          onClick={() => setOpen((isOpen) => !isOpen)}
          onKeyDown={(event) => {
            if (OPEN_KEYS.has(event.key)) {
              event.preventDefault();
              setOpen(true);
            }
          }}
          className="block min-h-11 w-full min-w-[15.5rem] cursor-pointer rounded-lg border border-line bg-surface-raised py-2.5 pr-10 pl-3.5 text-base text-ink tabular-nums transition-colors placeholder:text-ink-faint hover:border-ink-muted sm:text-sm"
        />
        <CalendarIcon className="pointer-events-none absolute top-1/2 right-3 size-4.5 -translate-y-1/2 text-ink-muted" />
      </div>

      {open && (
        <div
          id={popoverId}
          role="dialog"
          aria-label="Choose a date range"
          // Clicks on the calendar's plain parts land here, so focus stays inside.
          tabIndex={-1}
          data-testid="date-range-popover"
          className="absolute top-full right-0 left-0 z-30 mt-2 rounded-2xl border border-line bg-surface p-3 shadow-2xl shadow-black/50 sm:left-auto sm:w-max"
        >
          <Suspense fallback={<LoadingState label="Loading calendar…" className="px-10 py-10" />}>
            <RangeCalendar selected={picked} onSelect={pick} />
          </Suspense>
          <div className="mt-2 flex flex-wrap items-center justify-between gap-2 border-t border-line pt-3">
            <p aria-live="polite" className="text-xs text-ink-muted">
              {hint}
            </p>
            <div className="ml-auto flex gap-2">
              <button
                type="button"
                onClick={() => pick(undefined)}
                className="inline-flex min-h-10 items-center rounded-lg border border-line px-3 text-sm font-medium text-ink hover:border-ink-muted"
              >
                Clear
              </button>
              <button
                type="button"
                onClick={close}
                className="inline-flex min-h-10 items-center rounded-lg bg-accent px-3 text-sm font-semibold text-accent-ink hover:bg-accent-strong"
              >
                Done
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
