import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { FieldLabel } from './field-label';
import { FieldError } from './field-error';

type TextFieldProps = ComponentProps<'input'> & {
  label: string;
  /** A line under the label saying what to type, read with the field. */
  hint?: string;
  error?: string;
  /** A control drawn inside the right edge of the input, e.g. a show/hide toggle. */
  trailing?: ReactNode;
};

/** A labelled input with its error beneath, wired for screen readers. */
export function TextField({
  label,
  hint,
  error,
  trailing,
  id,
  className,
  ...inputProps
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <FieldLabel htmlFor={inputId}>{label}</FieldLabel>
      {hint && (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      )}
      <div className="relative">
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={cn(
            'block min-h-11 w-full rounded-lg border bg-surface-raised px-3.5 py-2.5 text-base text-ink placeholder:text-ink-faint transition-colors hover:border-ink-muted sm:text-sm',
            error ? 'border-danger' : 'border-line',
            trailing ? 'pe-12' : undefined,
          )}
          {...inputProps}
        />
        {trailing && (
          <div className="absolute inset-y-0 end-0 flex items-center pe-1">{trailing}</div>
        )}
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
