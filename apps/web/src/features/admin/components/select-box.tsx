import type { ComponentProps } from 'react';

/** A row's checkbox for bulk selection: no visible label, its name for screen readers. */
export function SelectBox({
  label,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { label: string }) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      className="size-4.5 cursor-pointer rounded accent-accent disabled:cursor-not-allowed"
      onClick={(event) => event.stopPropagation()}
      {...props}
    />
  );
}
