import {
  REFERRAL_BONUS_POINTS,
  REFERRAL_QUALIFYING_TESTS,
  type ReferralStatusRow,
} from '@netpulse/shared';
import { useState } from 'react';
import type { PageFormatter } from '@/lib/i18n/active-locale';
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
import { useIntl } from '@/lib/i18n/use-intl';
import { useReferralStatus } from '@/features/referrals/api/get-referral-status';
import { pendingReferralHint, referralStatusLabel } from '@/features/referrals/referral-progress';
import { ClampedText } from '@/components/ui/clamped-text';

function StatusCell({ row }: { row: ReferralStatusRow }) {
  const intl = useIntl();
  const hint = pendingReferralHint(row, intl);
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
        {referralStatusLabel(row.referral_status, intl)}
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
const referralColumns = (intl: PageFormatter): Column<ReferralStatusRow>[] => [
  {
    id: 'username',
    header: intl.formatMessage({ id: 'referrals.columnUsername', defaultMessage: 'Username' }),
    cell: (row) => <ClampedText text={row.username} className="font-medium" />,
  },
  {
    id: 'email',
    header: intl.formatMessage({ id: 'referrals.columnEmail', defaultMessage: 'Email' }),
    // Masked by the server (j***@example.com): a referrer never learns the address.
    cell: (row) => <span className="text-ink-muted">{row.email}</span>,
  },
  {
    id: 'registration-date',
    header: intl.formatMessage({
      id: 'referrals.columnRegistrationDate',
      defaultMessage: 'Registration Date',
    }),
    cell: (row) => <Time iso={row.register_on} dateOnly />,
  },
  {
    id: 'status',
    header: intl.formatMessage({ id: 'referrals.columnStatus', defaultMessage: 'Referral Status' }),
    cell: (row) => <StatusCell row={row} />,
  },
  {
    id: 'bonus',
    header: intl.formatMessage({ id: 'referrals.columnBonus', defaultMessage: 'Referral Bonus' }),
    cell: () => (
      <span className="font-semibold tabular-nums">{formatPoints(REFERRAL_BONUS_POINTS)}</span>
    ),
  },
];

/** The Referral Status table: the people the user referred, filtered by registration date. */
export function ReferralStatusPanel({ referralUrl }: { referralUrl: string | undefined }) {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const [range, setRange] = useState<DateRangeValue>(NO_DATE_RANGE);
  const status = useReferralStatus({ pageNumber: page, ...range });

  // Nobody referred at all, or only nobody in the chosen dates.
  const filtered = range.startDate !== '' || range.endDate !== '';

  return (
    <Panel
      title={intl.formatMessage({ id: 'referrals.statusTitle', defaultMessage: 'Referral Status' })}
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
        pagesLabel={intl.formatMessage({
          id: 'referrals.pages',
          defaultMessage: 'Referral status pages',
        })}
        errorMessage={intl.formatMessage({
          id: 'referrals.failed',
          defaultMessage: 'The referral status could not be loaded.',
        })}
        caption={intl.formatMessage({ id: 'referrals.caption', defaultMessage: 'Referral status' })}
        testId="referral-status-table"
        columns={referralColumns(intl)}
        rowKey={(row) => row.id}
        loadingLabel={intl.formatMessage({
          id: 'referrals.loading',
          defaultMessage: 'Loading referrals…',
        })}
        empty={
          filtered ? (
            <EmptyState
              message={intl.formatMessage({
                id: 'referrals.noneInRange',
                defaultMessage: 'Nobody you referred registered in this date range.',
              })}
            />
          ) : (
            <EmptyState
              message={intl.formatMessage(
                {
                  id: 'referrals.empty',
                  defaultMessage:
                    'Nobody has signed up with your link yet. Share it: each friend who completes {tests, plural, one {# speed test} other {# speed tests}} brings you {bonus} Bytes.',
                },
                { tests: REFERRAL_QUALIFYING_TESTS, bonus: REFERRAL_BONUS_POINTS },
              )}
              action={<CopyLinkButton text={referralUrl} />}
            />
          )
        }
      />
    </Panel>
  );
}
