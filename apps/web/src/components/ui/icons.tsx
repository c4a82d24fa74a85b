import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A 24×24 stroked icon; decorative, so the control around it carries the name. */
export function StrokeIcon({ children, className, ...svgProps }: ComponentProps<'svg'>) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={cn('size-5 shrink-0', className)}
      {...svgProps}
    >
      {children}
    </svg>
  );
}

export type IconProps = { className?: string };

export const EyeIcon = ({ className }: IconProps) => (
  <StrokeIcon className={className}>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
  </StrokeIcon>
);

export const EyeOffIcon = ({ className }: IconProps) => (
  <StrokeIcon className={className}>
    <path d="M10.6 5.1Q11.3 5 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-2.7 3.7M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18" />
  </StrokeIcon>
);

/** The language switcher's on /login, and the signed-in menus'. */
export const ChevronDownIcon = ({ className }: IconProps) => (
  <StrokeIcon className={className}>
    <path d="m6 9 6 6 6-6" />
  </StrokeIcon>
);
