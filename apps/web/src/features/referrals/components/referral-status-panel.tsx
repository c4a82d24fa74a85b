import { REFERRAL_BONUS_POINTS, type ReferralStatusRow } from '@netpulse/shared';
import { useState } from 'react';
import { NO_DATE_RANGE, type DateRangeValue } from '@/components/date-range-filter/applied-range';
import { DateRangeFilter } from '@/components/date-range-filter/date-range-filter';
import { CopyLinkButton } from '@/components/share/copy-link-button';
import { Badge } from '@/components/ui/badge';
import type { Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { PagedTable } from '@/components/ui/paged-table';
import { Panel } from '@/components/ui/panel';
import { Time } from '@/components/ui/time';
import { formatPoints } from '@/lib/format-number';
import { useReferralStatus } from '@/features/referrals/api/get-referral-status';
import { pendingReferralHint, referralStatusLabel } from '@/features/referrals/referral-progress';
import { ClampedText } from '@/components/ui/clamped-text';

export const REFERRALS_EMPTY_MESSAGE =
  'Nobody has signed up with your link yet. Share it: each friend who completes 15 speed tests brings you 200 Bytes.';
export const REFERRALS_NONE_IN_RANGE_MESSAGE = 'Nobody you referred registered in this date range.';

function StatusCell({ row }: { row: ReferralStatusRow }) {
  const hint = pendingReferralHint(row);
  return (
    <div className="flex flex-col items-start gap-1 max-sm:items-end">
      <Badge
        testId="referral-status-badge"
        className={
          row.referral_status === 'pending'
            ? 'border-line bg-surface-raised text-ink-muted'
            : undefined
        }
      >
        {referralStatusLabel(row.referral_status)}
      </Badge>
      {hint && (
        <span data-testid="referral-progress" className="text-xs text-ink-muted">
          {hint}
        </span>
      )}
    </div>
  );
}

// Usernames are user input: they render as text only, escaped by React.
const columns: Column<ReferralStatusRow>[] = [
  {
    id: 'username',
    header: 'Username',
    cell: (row) => <ClampedText text={row.username} className="font-medium" />,
  },
  {
    id: 'email',
    header: 'Email',
    // Masked by the server (j***@example.com): a referrer never learns the address.
    cell: (row) => <span className="text-ink-muted">{row.email}</span>,
  },
  {
    id: 'registration-date',
    header: 'Registration Date',
    cell: (row) => <Time iso={row.register_on} dateOnly />,
  },
  { id: 'status', header: 'Referral Status', cell: (row) => <StatusCell row={row} /> },
  {
    id: 'bonus',
    header: 'Referral Bonus',
    cell: () => (
      <span className="font-semibold tabular-nums">{formatPoints(REFERRAL_BONUS_POINTS)}</span>
    ),
  },
];

/** The Referral Status table: the people the user referred, filtered by registration date. */
export function ReferralStatusPanel({ referralUrl }: { referralUrl: string | undefined }) {
  const [page, setPage] = useState(1);
  const [range, setRange] = useState<DateRangeValue>(NO_DATE_RANGE);
  const status = useReferralStatus({ pageNumber: page, ...range });

  // Nobody referred at all, or only nobody in the chosen dates.
  const filtered = range.startDate !== '' || range.endDate !== '';

  return (
    <Panel
      title="Referral Status"
      testId="referral-status"
      actions={
        <DateRangeFilter
          onChange={(next) => {
            setRange(next);
            setPage(1);
          }}
          className="w-full sm:w-auto"
        />
      }
    >
      <PagedTable
        query={status}
        page={page}
        onPageChange={setPage}
        pagesLabel="Referral status pages"
        errorMessage="The referral status could not be loaded."
        caption="Referral status"
        testId="referral-status-table"
        columns={columns}
        rowKey={(row) => row.id}
        loadingLabel="Loading referrals…"
        empty={
          filtered ? (
            <EmptyState message={REFERRALS_NONE_IN_RANGE_MESSAGE} />
          ) : (
            <EmptyState
              message={REFERRALS_EMPTY_MESSAGE}
              action={<CopyLinkButton text={referralUrl} />}
            />
          )
        }
      />
    </Panel>
  );
}
