import type { ComponentProps, Dispatch, SetStateAction } from 'react';
import { allSelected, toggleAll } from '@/lib/selection';
import { useIntl } from '@/lib/i18n/use-intl';

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

/** "Select all" for a list's rows: ticks every id of `ids`, or clears them when all are ticked. */
export function SelectAll({
  ids,
  selected,
  onChange,
}: {
  ids: readonly number[];
  selected: ReadonlySet<number>;
  onChange: Dispatch<SetStateAction<ReadonlySet<number>>>;
}) {
  const intl = useIntl();
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm text-ink-muted">
      <input
        type="checkbox"
        className="size-4.5 cursor-pointer accent-accent"
        checked={allSelected(selected, ids)}
        disabled={ids.length === 0}
        onChange={() => onChange((current) => toggleAll(current, ids))}
      />
      {intl.formatMessage({ id: 'ui.selectAll', defaultMessage: 'Select all' })}
    </label>
  );
}
