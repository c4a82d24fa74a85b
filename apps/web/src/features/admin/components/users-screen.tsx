import type { AdminUserRow } from '@netpulse/shared/admin';
import { useState } from 'react';
import { useNavigate } from 'react-router';
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
import { useUsers } from '@/features/admin/api/get-users';
import { Time } from '@/components/ui/time';
import { UserStatus } from './user-status';
import { ClampedText } from '@/components/ui/clamped-text';

const SEARCH_DELAY_MS = 300;

const columns: Column<AdminUserRow>[] = [
  {
    id: 'username',
    header: 'Username',
    cell: (row) => (
      <TextLink to={paths.adminUser.href(row.id)} onClick={(event) => event.stopPropagation()}>
        <ClampedText text={row.username} inControl />
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
  { id: 'created', header: 'Joined', cell: (row) => <Time iso={row.created_at} /> },
];

/** Users: search by username, email or address; a row opens the account's page. */
export function UsersScreen() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const users = useUsers({ q, pageNumber: page });
  const navigate = useNavigate();

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
        <PagedTable
          query={users}
          page={page}
          onPageChange={setPage}
          pagesLabel="Account pages"
          errorMessage="The accounts could not be loaded."
          caption="Accounts"
          testId="admin-users-table"
          columns={columns}
          rowKey={(row) => row.id}
          loadingLabel="Loading accounts…"
          onRowClick={(row) => void navigate(paths.adminUser.href(row.id))}
          empty={
            <EmptyState
              message={q ? `No account matches “${q}”.` : 'No accounts yet.'}
              detail={q ? 'Try the start of a username, an email or an address.' : undefined}
            />
          }
        />
      </Panel>
    </section>
  );
}
