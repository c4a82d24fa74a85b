import type { AdminUserRow } from '@netpulse/shared/admin';
import { useState } from 'react';
import type { PageFormatter } from '@/lib/i18n/active-locale';
import { useNavigate } from '@/lib/router';
import type { Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeading } from '@/components/ui/page-heading';
import { PagedTable } from '@/components/ui/paged-table';
import { Panel } from '@/components/ui/panel';
import { TextField } from '@/components/ui/text-field';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { formatPoints } from '@/lib/format-number';
import { useIntl } from '@/lib/i18n/use-intl';
import { useUsers } from '@/features/admin/api/get-users';
import { Time } from '@/components/ui/time';
import { UserStatus } from './user-status';
import { ClampedText } from '@/components/ui/clamped-text';

const SEARCH_DELAY_MS = 300;

const columns = (intl: PageFormatter): Column<AdminUserRow>[] => [
  {
    id: 'username',
    header: intl.formatMessage({ id: 'console.users.username', defaultMessage: 'Username' }),
    cell: (row) => (
      <TextLink to={paths.adminUser.href(row.id)} onClick={(event) => event.stopPropagation()}>
        <ClampedText text={row.username} inControl />
      </TextLink>
    ),
  },
  {
    id: 'email',
    header: intl.formatMessage({ id: 'console.users.email', defaultMessage: 'Email' }),
    cell: (row) => <span className="text-ink-muted">{row.email}</span>,
  },
  {
    id: 'status',
    header: intl.formatMessage({ id: 'console.users.status', defaultMessage: 'Status' }),
    cell: (row) => <UserStatus role={row.role} verified={row.verified} bannedAt={row.banned_at} />,
  },
  {
    id: 'points',
    header: intl.formatMessage({ id: 'console.bytes', defaultMessage: 'Bytes' }),
    className: 'sm:text-end',
    cell: (row) => <span className="tabular-nums">{formatPoints(row.points)}</span>,
  },
  {
    id: 'created',
    header: intl.formatMessage({ id: 'console.users.joined', defaultMessage: 'Joined' }),
    cell: (row) => <Time iso={row.created_at} />,
  },
];

/** Users: search by username, email or address; a row opens the account's page. */
export function UsersScreen() {
  const intl = useIntl();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const users = useUsers({ q, pageNumber: page });
  const navigate = useNavigate();

  return (
    <section className="flex flex-col gap-6">
      <PageHeading
        title={intl.formatMessage({ id: 'console.nav.users', defaultMessage: 'Users' })}
      />
      <Panel
        title={
          q
            ? intl.formatMessage(
                { id: 'console.users.matching', defaultMessage: 'Accounts matching “{query}”' },
                { query: q },
              )
            : intl.formatMessage({ id: 'console.users.newest', defaultMessage: 'Newest accounts' })
        }
        testId="admin-users"
        actions={
          <TextField
            label={intl.formatMessage({ id: 'console.users.search', defaultMessage: 'Search' })}
            type="search"
            placeholder={intl.formatMessage({
              id: 'console.users.searchPlaceholder',
              defaultMessage: 'Username, email or address',
            })}
            value={search}
            data-testid="user-search"
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
            className="w-full sm:w-72"
          />
        }
      >
        <PagedTable
          query={users}
          page={page}
          onPageChange={setPage}
          pagesLabel={intl.formatMessage({
            id: 'console.users.pages',
            defaultMessage: 'Account pages',
          })}
          errorMessage={intl.formatMessage({
            id: 'console.users.loadFailed',
            defaultMessage: 'The accounts could not be loaded.',
          })}
          caption={intl.formatMessage({ id: 'console.users.caption', defaultMessage: 'Accounts' })}
          testId="admin-users-table"
          columns={columns(intl)}
          rowKey={(row) => row.id}
          loadingLabel={intl.formatMessage({
            id: 'console.users.loading',
            defaultMessage: 'Loading accounts…',
          })}
          onRowClick={(row) => void navigate(paths.adminUser.href(row.id))}
          empty={
            q ? (
              <EmptyState
                message={intl.formatMessage(
                  { id: 'console.users.noMatch', defaultMessage: 'No account matches “{query}”.' },
                  { query: q },
                )}
                detail={intl.formatMessage({
                  id: 'console.users.noMatchDetail',
                  defaultMessage: 'Try the start of a username, an email or an address.',
                })}
              />
            ) : (
              <EmptyState
                message={intl.formatMessage({
                  id: 'console.users.empty',
                  defaultMessage: 'No accounts yet.',
                })}
              />
            )
          }
        />
      </Panel>
    </section>
  );
}
