import { useId } from 'react';
import { cn } from '@/lib/cn';

interface SwitchProps {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  className?: string;
}

/** An on/off switch with its label beside it (role="switch", so it announces on/off). */
export function Switch({ label, checked, onCheckedChange, className }: SwitchProps) {
  const id = useId();
  return (
    <div className={cn('inline-flex items-center gap-2.5', className)}>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        onClick={() => onCheckedChange(!checked)}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border transition-colors',
          checked ? 'border-accent bg-accent' : 'border-ink-faint bg-surface-raised',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'inline-block size-4.5 rounded-full shadow transition-transform',
            // The knob starts at the track's start: on a right-to-left page it moves leftwards.
            checked
              ? 'translate-x-[22px] bg-accent-ink rtl:-translate-x-[22px]'
              : 'translate-x-0.5 bg-ink-muted rtl:-translate-x-0.5',
          )}
        />
      </button>
      <label htmlFor={id} className="cursor-pointer text-sm font-medium text-ink select-none">
        {label}
      </label>
    </div>
  );
}
