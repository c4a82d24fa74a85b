import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useIntl } from '@/lib/i18n/use-intl';
import { SkeletonBar } from './skeleton-bar';

export interface Column<Row> {
  /** Stable key of the column, also its `data-column` attribute. */
  id: string;
  /** The column header; also labels each cell when rows stack on narrow screens. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** Classes for the header and body cells of the column, e.g. text alignment. */
  className?: string;
  /** The cell's shape while the list loads, as tall as its content; one line of text if not given. */
  skeleton?: ReactNode;
}

/** How many placeholder rows a loading list shows. */
const SKELETON_ROWS = 3;

export interface DataTableProps<Row> {
  /** Names the table for assistive technology (a visually hidden caption). */
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Shows skeleton rows instead of the rows (spec section 4: lists empty while they load). */
  isLoading?: boolean;
  loadingLabel?: string;
  /** Shown instead of the rows when the data could not be loaded. */
  error?: ReactNode;
  /** Shown when there are no rows; usually an `EmptyState`. */
  empty: ReactNode;
  testId?: string;
  className?: string;
  /**
   * A click anywhere on a row does what the row's own button does (give the row
   * one, for the keyboard): e.g. open the row's details.
   */
  onRowClick?: (row: Row) => void;
}

/*
 * Below the sm breakpoint each row stacks into a card whose cells carry their
 * header as a label. Changing the display of table elements can cost them their
 * table semantics in some browsers, so the roles are spelled out.
 */
const stacked = {
  table: 'max-sm:block',
  head: 'max-sm:sr-only',
  body: 'max-sm:block',
  row: 'max-sm:block max-sm:px-4 max-sm:py-2',
  cell: 'max-sm:flex max-sm:items-start max-sm:justify-between max-sm:gap-4 max-sm:px-0 max-sm:py-1.5 max-sm:text-end max-sm:whitespace-normal max-sm:before:shrink-0 max-sm:before:pt-0.5 max-sm:before:text-start max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:tracking-wide max-sm:before:text-ink-muted max-sm:before:uppercase max-sm:before:content-[attr(data-label)]',
};

/**
 * A semantic table with its loading, error and empty states drawn inside it.
 * It scrolls sideways when too wide and stacks its rows on phones.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  isLoading = false,
  loadingLabel,
  error,
  empty,
  testId,
  className,
  onRowClick,
}: DataTableProps<Row>) {
  const intl = useIntl();
  const placeholder = error ? error : rows.length === 0 ? empty : null;

  return (
    <div
      // A scrollable region must be reachable by keyboard to be scrolled.
      tabIndex={0}
      role="region"
      // Distinct from the panel's title, which often reads the same.
      aria-label={intl.formatMessage(
        { id: 'ui.dataTable.regionLabel', defaultMessage: '{caption} table' },
        { caption },
      )}
      className={cn('overflow-x-auto rounded-xl border border-line', className)}
    >
      {/* The skeleton rows are decorative; this tells screen readers what they stand for. */}
      {isLoading && (
        <p role="status" className="sr-only">
          {loadingLabel ?? intl.formatMessage({ id: 'ui.loading', defaultMessage: 'Loading…' })}
        </p>
      )}
      <table
        role="table"
        data-testid={testId}
        aria-busy={isLoading || undefined}
        className={cn('w-full border-collapse text-start text-sm', stacked.table)}
      >
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup" className={cn('bg-surface-raised', stacked.head)}>
          <tr role="row">
            {columns.map((column) => (
              <th
                key={column.id}
                role="columnheader"
                scope="col"
                className={cn(
                  'px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-ink-muted uppercase',
                  column.className,
                )}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className={stacked.body}>
          {isLoading ? (
            <SkeletonRows columns={columns} />
          ) : placeholder ? (
            <tr role="row" className="max-sm:block">
              <td role="cell" colSpan={columns.length} className="max-sm:block">
                {placeholder}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr
                key={rowKey(row)}
                role="row"
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                className={cn(
                  'border-t border-line first:border-t-0 hover:bg-surface-raised/40 sm:first:border-t',
                  onRowClick && 'cursor-pointer',
                  stacked.row,
                )}
              >
                {columns.map((column) => (
                  <td
                    key={column.id}
                    role="cell"
                    data-column={column.id}
                    data-label={column.header}
                    // The column's classes last: its `max-sm:hidden` beats the stacked cell's `max-sm:flex`.
                    className={cn(
                      'px-4 py-3 align-top whitespace-nowrap text-ink',
                      stacked.cell,
                      column.className,
                    )}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** Rows of the final rows' height with bars where the values will be, so nothing moves on load. */
function SkeletonRows<Row>({ columns }: { columns: readonly Column<Row>[] }) {
  return Array.from({ length: SKELETON_ROWS }, (_, index) => (
    <tr
      key={index}
      role="row"
      aria-hidden="true"
      data-testid="skeleton-row"
      className={cn('border-t border-line first:border-t-0 sm:first:border-t', stacked.row)}
    >
      {columns.map((column) => (
        <td
          key={column.id}
          role="cell"
          data-label={column.header}
          className={cn('px-4 py-3 align-top whitespace-nowrap', stacked.cell, column.className)}
        >
          {column.skeleton ?? <SkeletonBar />}
        </td>
      ))}
    </tr>
  ));
}
