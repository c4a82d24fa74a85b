import { cn } from '@/lib/cn';

interface ProgressBarProps {
  /** How far along, from 0 to `max`. */
  value: number;
  max?: number;
  /** Names the bar for assistive technology, e.g. "Daily streak". */
  label: string;
  /** The value as a person reads it, e.g. "3 of 28 days". */
  valueText?: string;
  className?: string;
}

/** A thin horizontal progress bar (the streak, the referral quests). */
export function ProgressBar({ value, max = 100, label, valueText, className }: ProgressBarProps) {
  const clamped = Math.min(Math.max(value, 0), max);
  const percent = max > 0 ? (clamped / max) * 100 : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={clamped}
      aria-valuetext={valueText}
      className={cn('h-2 overflow-hidden rounded-full bg-line', className)}
    >
      <div
        className="h-full rounded-full bg-accent transition-[width] duration-300"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
