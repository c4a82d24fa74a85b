import type { AdminUserRow } from '@netpulse/shared/admin';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { PageHeading } from '@/components/ui/page-heading';
import { Pagination } from '@/components/ui/pagination';
import { Panel } from '@/components/ui/panel';
import { TextField } from '@/components/ui/text-field';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { formatPoints } from '@/lib/format-number';
import { useUsers } from '@/features/admin/api/get-users';
import { ConsoleTime } from './console-time';
import { UserStatus } from './user-status';

const SEARCH_DELAY_MS = 300;

const columns: Column<AdminUserRow>[] = [
  {
    id: 'username',
    header: 'Username',
    cell: (row) => (
      <TextLink to={paths.adminUser.href(row.id)} onClick={(event) => event.stopPropagation()}>
        {row.username}
      </TextLink>
    ),
  },
  {
    id: 'email',
    header: 'Email',
    cell: (row) => <span className="text-ink-muted">{row.email}</span>,
  },
  {
    id: 'status',
    header: 'Status',
    cell: (row) => <UserStatus role={row.role} verified={row.verified} bannedAt={row.banned_at} />,
  },
  {
    id: 'points',
    header: 'Bytes',
    className: 'sm:text-right',
    cell: (row) => <span className="tabular-nums">{formatPoints(row.points)}</span>,
  },
  { id: 'created', header: 'Joined', cell: (row) => <ConsoleTime iso={row.created_at} /> },
];

/** Users: search by username, email or address; a row opens the account's page. */
export function UsersScreen() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const users = useUsers({ q, pageNumber: page });
  const navigate = useNavigate();
  const loading = users.isFetching;
  const rows = loading || users.isError ? [] : (users.data?.rows ?? []);
  const meta = users.data?.meta;

  return (
    <section className="flex flex-col gap-6">
      <PageHeading title="Users" />
      <Panel
        title={q ? `Accounts matching “${q}”` : 'Newest accounts'}
        testId="admin-users"
        actions={
          <TextField
            label="Search"
            type="search"
            placeholder="Username, email or address"
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
        <div className="flex flex-col gap-4">
          <DataTable
            caption="Accounts"
            testId="admin-users-table"
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            isLoading={loading}
            loadingLabel="Loading accounts…"
            onRowClick={(row) => void navigate(paths.adminUser.href(row.id))}
            error={
              users.isError ? (
                <ErrorState
                  message="The accounts could not be loaded."
                  onRetry={() => void users.refetch()}
                />
              ) : undefined
            }
            empty={
              <EmptyState
                message={q ? `No account matches “${q}”.` : 'No accounts yet.'}
                detail={q ? 'Try the start of a username, an email or an address.' : undefined}
              />
            }
          />
          {meta && meta.total_results > 0 && (
            <Pagination
              label="Account pages"
              currentPage={page}
              totalPages={meta.total_pages}
              onPageChange={setPage}
            />
          )}
        </div>
      </Panel>
    </section>
  );
}
