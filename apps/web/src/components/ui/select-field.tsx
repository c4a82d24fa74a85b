import { useId, type ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { FieldLabel } from './field-label';
import { ChevronDownIcon } from './icons';

type SelectFieldProps = Omit<ComponentProps<'select'>, 'children'> & {
  label: string;
  options: readonly { value: string; label: string }[];
};

/** A labelled native select, styled like the text fields. */
export function SelectField({ label, options, id, className, ...selectProps }: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <FieldLabel htmlFor={selectId}>{label}</FieldLabel>
      <div className="relative">
        <select
          id={selectId}
          className="block min-h-11 w-full appearance-none rounded-lg border border-line bg-surface-raised py-2.5 pe-10 ps-3.5 text-base text-ink transition-colors hover:border-ink-muted sm:text-sm"
          {...selectProps}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 end-3 size-4 -translate-y-1/2 text-ink-muted" />
      </div>
    </div>
  );
}
