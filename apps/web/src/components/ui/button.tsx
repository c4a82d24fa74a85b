import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { Spinner } from './spinner';

/** `danger`: an action that cannot be undone (ban, remove a node, revoke, start a cycle). */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

// Hover only while enabled: a disabled button (or a link marked aria-disabled) never changes
// under the pointer. `enabled:` alone would never match a link, hence the aria-disabled check.
const variantClasses: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-accent-ink not-disabled:not-aria-disabled:hover:bg-accent-strong',
  secondary:
    'border border-line bg-surface-raised text-ink not-disabled:not-aria-disabled:hover:border-ink-muted',
  ghost: 'text-ink not-disabled:not-aria-disabled:hover:bg-surface-raised',
  danger: 'bg-danger text-danger-ink not-disabled:not-aria-disabled:hover:bg-danger-strong',
};

type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  /** Shows a spinner and blocks further clicks while a request runs. */
  isLoading?: boolean;
};

/**
 * The button look of `variant`, disabled state included, for a control that must be another
 * element (a link drawn as a button); `Button` itself uses it.
 */
export function buttonClasses(variant: ButtonVariant): string {
  return cn(
    // Disabled reads as disabled in every variant: faded, the not-allowed cursor, no hover.
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50 disabled:saturate-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:saturate-50',
    variantClasses[variant],
  );
}

export function Button({
  variant = 'primary',
  isLoading = false,
  type = 'button',
  disabled,
  className,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      data-variant={variant}
      className={cn(buttonClasses(variant), className)}
      {...props}
    >
      {isLoading && <Spinner className="size-4" />}
      {children}
    </button>
  );
}
