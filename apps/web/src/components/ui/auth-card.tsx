import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Links under the card, e.g. "Don't have an account? Sign up". */
  footer?: ReactNode;
  className?: string;
}

/** The panel that frames every logged-out form, and the pages a mail's link opens. */
export function AuthCard({ title, description, children, footer, className }: AuthCardProps) {
  return (
    <div
      className={cn(
        'w-full max-w-md rounded-2xl border border-line bg-surface p-6 shadow-2xl shadow-black/40 sm:p-8',
        className,
      )}
    >
      <h1 className="text-2xl font-semibold tracking-tight text-ink">{title}</h1>
      {description && <p className="mt-2 text-sm text-ink-muted">{description}</p>}
      <div className="mt-6">{children}</div>
      {footer && <div className="mt-6 text-center text-sm text-ink-muted">{footer}</div>}
    </div>
  );
}
