import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@/lib/api-data';
import { DataTable, type DataTableProps } from './data-table';
import { ErrorState } from './empty-state';
import { Pagination } from './pagination';

type PagedTableProps<Row> = Omit<DataTableProps<Row>, 'rows' | 'isLoading' | 'error'> & {
  /** The list's page, from `usePagedQuery`. */
  query: UseQueryResult<Page<Row>>;
  /** The page shown (1-based), and what a page link asks for. */
  page: number;
  onPageChange: (page: number) => void;
  /** Names the pages' navigation landmark, e.g. "Audit log pages". */
  pagesLabel: string;
  /** Shown, with Try again, when the page could not be loaded. */
  errorMessage: string;
  /** Loading for a reason of the screen's own too (e.g. a page change it waits out). */
  waiting?: boolean;
};

/**
 * A paged list: the table with its loading, error and empty states, and the page links under
 * it once there is anything to page through.
 */
export function PagedTable<Row>({
  query,
  page,
  onPageChange,
  pagesLabel,
  errorMessage,
  waiting = false,
  ...table
}: PagedTableProps<Row>) {
  // Spec section 4: the list empties while a request is on its way.
  const loading = waiting || query.isFetching;
  const rows = loading || query.isError ? [] : (query.data?.rows ?? []);
  const meta = query.data?.meta;
  return (
    <div className="flex flex-col gap-4">
      <DataTable
        {...table}
        rows={rows}
        isLoading={loading}
        error={
          query.isError ? (
            <ErrorState message={errorMessage} onRetry={() => void query.refetch()} />
          ) : undefined
        }
      />
      {meta && meta.total_results > 0 && (
        <Pagination
          label={pagesLabel}
          currentPage={page}
          totalPages={meta.total_pages}
          onPageChange={onPageChange}
        />
      )}
    </div>
  );
}
