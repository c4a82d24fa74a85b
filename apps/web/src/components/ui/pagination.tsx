import { paginationWindow } from '@netpulse/shared';
import { cn } from '@/lib/cn';
import { useIntl } from '@/lib/i18n/use-intl';
import { ChevronLeftIcon, ChevronRightIcon } from './signed-in-icons';

interface PaginationProps {
  currentPage: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. "Network statistics pages". */
  label: string;
  className?: string;
}

/** The pages left out between two links: drawn, not read. */
const ELLIPSIS = '…';

const itemClasses =
  'inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg px-2 text-sm font-medium transition-colors';

/**
 * Page links of spec section 2: the first and last page, the current one and
 * its neighbours, ellipses between; Previous and Next are disabled at the ends.
 * Nothing is drawn when there is only one page.
 */
export function Pagination({
  currentPage,
  totalPages,
  onPageChange,
  label,
  className,
}: PaginationProps) {
  const intl = useIntl();
  // One page has nowhere to go: no links, rather than a row of disabled ones.
  if (totalPages <= 1) return null;
  const total = totalPages;
  const current = Math.min(Math.max(1, currentPage), total);
  const stepClasses = cn(
    itemClasses,
    'gap-1 border border-line text-ink hover:border-ink-muted disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:border-line',
  );

  return (
    <nav aria-label={label} className={className}>
      <ul className="flex flex-wrap items-center justify-center gap-1 sm:justify-end">
        <li>
          <button
            type="button"
            disabled={current <= 1}
            onClick={() => onPageChange(current - 1)}
            className={stepClasses}
          >
            <ChevronLeftIcon className="size-4 rtl:-scale-x-100" />
            <span className="sr-only sm:not-sr-only sm:pe-1">
              {intl.formatMessage({ id: 'ui.pagination.previous', defaultMessage: 'Previous' })}
            </span>
          </button>
        </li>
        {paginationWindow(current, total).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                aria-label={intl.formatMessage(
                  { id: 'ui.pagination.page', defaultMessage: 'Page {page}' },
                  { page: item },
                )}
                aria-current={item === current ? 'page' : undefined}
                onClick={() => item !== current && onPageChange(item)}
                className={cn(
                  itemClasses,
                  item === current
                    ? 'bg-accent text-accent-ink'
                    : 'text-ink-muted hover:bg-surface-raised hover:text-ink',
                )}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} aria-hidden="true" className={cn(itemClasses, 'text-ink-muted')}>
              {ELLIPSIS}
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            disabled={current >= total}
            onClick={() => onPageChange(current + 1)}
            className={stepClasses}
          >
            <span className="sr-only sm:not-sr-only sm:ps-1">
              {intl.formatMessage({ id: 'ui.pagination.next', defaultMessage: 'Next' })}
            </span>
            <ChevronRightIcon className="size-4 rtl:-scale-x-100" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
