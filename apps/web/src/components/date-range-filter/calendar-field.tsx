import {
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type FocusEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { useDismiss } from '@/hooks/use-dismiss';
import { useIntl } from '@/lib/i18n/use-intl';
import { cn } from '@/lib/cn';
import { FieldLabel } from '@/components/ui/field-label';
import { CalendarIcon } from '@/components/ui/signed-in-icons';

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/** What a field built on this one may do from its calendar's events. */
export interface CalendarFieldHandle {
  /** Closes the calendar and hands the screen back (focus returns to the input). */
  close: () => void;
}

interface CalendarFieldProps {
  /** Lets the field close the calendar once a pick is complete. */
  handle?: Ref<CalendarFieldHandle>;
  label: string;
  /** What the read-only input shows: the picked days as YYYY-MM-DD. */
  text: string;
  placeholder: string;
  /** The popover's name for assistive technology. */
  dialogLabel: string;
  /** One line under the calendar: what to pick next, or what is shown. */
  hint: string;
  /** A sentence under the field, always visible (e.g. which zone a date is in). */
  description?: string;
  error?: string | undefined;
  onClear: () => void;
  /** The calendar. */
  children: ReactNode;
  className?: string;
}

/**
 * The app's own date field (decision 031: it replaces every native date input): a
 * read-only input showing YYYY-MM-DD that opens a calendar. Escape, an outside
 * click or leaving it by keyboard closes the calendar. Laid out with logical sides, so the
 * popover and the icon follow a right-to-left page.
 */
export function CalendarField({
  handle,
  label,
  text,
  placeholder,
  dialogLabel,
  hint,
  description,
  error,
  onClear,
  children,
  className,
}: CalendarFieldProps) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const popoverId = useId();
  const descriptionId = useId();

  const close = () => {
    setOpen(false);
    inputRef.current?.focus();
  };
  useDismiss(containerRef, open, close);
  useImperativeHandle(handle, () => ({ close }));

  const closeWhenFocusLeaves = (event: FocusEvent<HTMLDivElement>) => {
    if (open && !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
  };

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
          aria-describedby={description || error ? descriptionId : undefined}
          aria-invalid={error ? true : undefined}
          value={text}
          // The days read left to right in every page ("2026-12-01 - 2026-12-05"), aligned and
          // padded for the icon at the field's end in a right-to-left page.
          dir="ltr"
          placeholder={placeholder}
          data-testid="date-range-input"
          onClick={() => setOpen((isOpen) => !isOpen)}
          onKeyDown={(event) => {
            if (OPEN_KEYS.has(event.key)) {
              event.preventDefault();
              setOpen(true);
            }
          }}
          className={cn(
            'block min-h-11 w-full min-w-[15.5rem] cursor-pointer rounded-lg border border-line bg-surface-raised py-2.5 pr-10 pl-3.5 rtl:pr-3.5 rtl:pl-10 rtl:text-right text-base text-ink tabular-nums transition-colors placeholder:text-ink-faint hover:border-ink-muted sm:text-sm',
            error && 'border-danger',
          )}
        />
        <CalendarIcon className="pointer-events-none absolute end-3 top-1/2 size-4.5 -translate-y-1/2 text-ink-muted" />
      </div>
      {(description || error) && (
        <p id={descriptionId} className={cn('text-xs', error ? 'text-danger' : 'text-ink-muted')}>
          {error ?? description}
        </p>
      )}

      {open && (
        <div
          id={popoverId}
          role="dialog"
          aria-label={dialogLabel}
          // Clicks on the calendar's plain parts land here, so focus stays inside.
          tabIndex={-1}
          data-testid="date-range-popover"
          className="absolute start-0 end-0 top-full z-30 mt-2 rounded-2xl border border-line bg-surface p-3 shadow-2xl shadow-black/50 sm:start-auto sm:w-max"
        >
          {children}
          <div className="mt-2 flex flex-wrap items-center justify-between gap-2 border-t border-line pt-3">
            <p aria-live="polite" className="text-xs text-ink-muted">
              {hint}
            </p>
            <div className="ms-auto flex gap-2">
              <button
                type="button"
                onClick={onClear}
                className="inline-flex min-h-10 items-center rounded-lg border border-line px-3 text-sm font-medium text-ink hover:border-ink-muted"
              >
                {intl.formatMessage({ id: 'calendarField.clear', defaultMessage: 'Clear' })}
              </button>
              <button
                type="button"
                onClick={close}
                className="inline-flex min-h-10 items-center rounded-lg bg-accent px-3 text-sm font-semibold text-accent-ink hover:bg-accent-strong"
              >
                {intl.formatMessage({ id: 'calendarField.done', defaultMessage: 'Done' })}
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
