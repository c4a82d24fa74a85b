import {
  pluralize,
  questTitle,
  transactionDetailsLabel,
  transactionTypeLabel,
} from '@netpulse/shared';
import type { AdminLedgerRow, AdminQuestState, AdminUserDetail } from '@netpulse/shared/admin';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { PageHeading } from '@/components/ui/page-heading';
import { PagedTable } from '@/components/ui/paged-table';
import { Panel } from '@/components/ui/panel';
import { LoadingState } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { getPublicConfig } from '@/config/public-config';
import { isApiError } from '@/lib/api-client';
import { formatPoints } from '@/lib/format-number';
import { useUser } from '@/features/admin/api/get-user';
import { useUserLedger } from '@/features/admin/api/get-user-ledger';
import type { UserActionKind } from '@/features/admin/console-texts';
import { Time } from '@/components/ui/time';
import { UserActionDialog } from './user-action-dialog';
import { UserStatus } from './user-status';
import { ClampedText } from '@/components/ui/clamped-text';

type Detail = AdminUserDetail;

/** A user's page: profile, actions, ledger, nodes, referrals, quests and sign-ins. */
export function UserScreen() {
  const userId = Number(useParams().userId);
  const valid = Number.isInteger(userId) && userId > 0;
  const user = useUser(valid ? userId : 0);

  if (!valid || (user.isError && isApiError(user.error) && user.error.status === 404)) {
    return (
      <section className="flex flex-col gap-6">
        <PageHeading title="No such user" />
        <EmptyState
          message="No user has this id."
          action={<TextLink to={paths.adminUsers.href()}>Back to users</TextLink>}
        />
      </section>
    );
  }
  if (user.isError) {
    return (
      <ErrorState message="This account could not be loaded." onRetry={() => void user.refetch()} />
    );
  }
  if (!user.data) return <LoadingState label="Loading the account…" />;
  return <UserDetail detail={user.data} />;
}

function UserDetail({ detail }: { detail: Detail }) {
  const { user } = detail;
  const [action, setAction] = useState<UserActionKind | null>(null);

  return (
    <section className="flex flex-col gap-6" data-testid="admin-user">
      <div className="flex flex-col gap-2">
        <TextLink to={paths.adminUsers.href()} className="self-start text-sm">
          ← Users
        </TextLink>
        <PageHeading title={user.username}>
          <UserStatus role={user.role} verified={user.verified} bannedAt={user.banned_at} />
        </PageHeading>
      </div>

      <Panel title="Actions" testId="user-actions">
        <div className="flex flex-wrap gap-2">
          {!user.verified && (
            <Button variant="secondary" onClick={() => setAction('verify')}>
              Verify
            </Button>
          )}
          {user.banned_at ? (
            <Button variant="secondary" onClick={() => setAction('unban')}>
              Unban
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => setAction('ban')}>
              Ban
            </Button>
          )}
          <Button variant="secondary" onClick={() => setAction('boost')}>
            Set boost
          </Button>
          <Button variant="secondary" onClick={() => setAction('streak')}>
            Restore streak
          </Button>
          <Button variant="secondary" onClick={() => setAction('role')}>
            {user.role === 'admin' ? 'Make member' : 'Make admin'}
          </Button>
        </div>
      </Panel>
      {action && <UserActionDialog kind={action} user={user} onClose={() => setAction(null)} />}

      <div className="grid gap-6 xl:grid-cols-2">
        <ProfilePanel detail={detail} />
        <ReferralsPanel detail={detail} />
      </div>
      <LedgerPanel userId={user.id} />
      <NodesPanel nodes={detail.nodes} />
      <div className="grid gap-6 xl:grid-cols-2">
        <QuestsPanel quests={detail.quests} />
        <LoginsPanel logins={detail.logins} />
      </div>
    </section>
  );
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-ink-muted">{label}</dt>
          <dd className="min-w-0 break-words text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ProfilePanel({ detail }: { detail: Detail }) {
  const { user } = detail;
  return (
    <Panel title="Profile" testId="user-profile">
      <Facts
        items={[
          ['Email', user.email],
          ['Role', user.role === 'admin' ? 'Admin' : 'Member'],
          ['Bytes', <span className="tabular-nums">{formatPoints(user.points)}</span>],
          ['Joined', <Time iso={user.created_at} />],
          ['Email verified', user.verified ? 'Yes' : 'No'],
          [
            'Banned',
            user.banned_at ? (
              <span data-testid="ban-facts">
                <Time iso={user.banned_at} />: {user.ban_reason ?? 'no reason given'}
              </span>
            ) : (
              'No'
            ),
          ],
          ['Referral code', <span className="font-mono">{user.referral_code}</span>],
          ['Daily streak', pluralize(user.daily_streaks, 'day')],
          ['Last daily claim', <Time iso={user.last_claimed_at} />],
          ['Boost', user.additional_boost === null ? 'None' : `× ${user.additional_boost}`],
          ['Credited tests', formatPoints(user.credited_tests)],
          ['Quests completed', String(user.quest_completed)],
          ['Successful referrals', String(user.successful_referrals)],
        ]}
      />
    </Panel>
  );
}

function ReferralsPanel({ detail }: { detail: Detail }) {
  const userLink = (ref: { id: number; username: string }) => (
    <TextLink to={paths.adminUser.href(ref.id)}>{ref.username}</TextLink>
  );
  return (
    <Panel title="Referrals" testId="user-referrals">
      <div className="flex flex-col gap-4 text-sm">
        <p>
          <span className="text-ink-muted">Referred by </span>
          {detail.referrer ? userLink(detail.referrer) : 'nobody (an invite code)'}
        </p>
        {detail.referees.length === 0 ? (
          <p className="text-ink-muted">Has referred nobody.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line rounded-xl border border-line">
            {detail.referees.map((referee) => (
              <li key={referee.id} className="flex flex-wrap items-center gap-2 px-4 py-2.5">
                {userLink(referee)}
                <span className="text-ink-muted tabular-nums">
                  {pluralize(referee.credited_tests, 'credited test')}
                </span>
                {referee.qualified && <Badge>Qualified</Badge>}
                {referee.banned && (
                  <Badge className="border-danger/50 bg-danger/10 text-danger">Banned</Badge>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Panel>
  );
}

const ledgerColumns: Column<AdminLedgerRow>[] = [
  { id: 'time', header: 'Time', cell: (row) => <Time iso={row.date_time} /> },
  { id: 'type', header: 'Type', cell: (row) => transactionTypeLabel(row.transaction_type) },
  { id: 'cycle', header: 'Cycle', cell: (row) => <Badge>{row.season} Cycle</Badge> },
  {
    id: 'bytes',
    header: 'Bytes',
    className: 'sm:text-right',
    cell: (row) => <span className="tabular-nums">{formatPoints(row.points_earned)}</span>,
  },
  {
    id: 'details',
    header: 'Details',
    cell: (row) => <span className="text-ink-muted">{transactionDetailsLabel(row.details)}</span>,
  },
];

function LedgerPanel({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  const ledger = useUserLedger(userId, page);
  return (
    <Panel title="Ledger" testId="user-ledger">
      <PagedTable
        query={ledger}
        page={page}
        onPageChange={setPage}
        pagesLabel="Ledger pages"
        errorMessage="The ledger could not be loaded."
        caption="Ledger"
        columns={ledgerColumns}
        rowKey={(row) => row.id}
        loadingLabel="Loading the ledger…"
        empty={<EmptyState message="No Bytes credited yet." />}
      />
    </Panel>
  );
}

type NodeRow = Detail['nodes'][number];

const nodeColumns: Column<NodeRow>[] = [
  {
    id: 'name',
    header: 'Node',
    cell: (row) => (
      <span className="flex flex-col">
        <ClampedText text={row.name} className="font-medium" />
        <span className="font-mono text-xs text-ink-muted">{row.id}</span>
      </span>
    ),
  },
  {
    id: 'kind',
    header: 'Kind',
    cell: (row) => (row.kind === 'browser' ? 'Browser' : `Extension ${row.version ?? ''}`.trim()),
  },
  { id: 'seen', header: 'Last seen', cell: (row) => <Time iso={row.last_seen_at} /> },
  { id: 'removed', header: 'Removed', cell: (row) => <Time iso={row.removed_at} /> },
];

function NodesPanel({ nodes }: { nodes: NodeRow[] }) {
  return (
    <Panel title="Nodes" testId="user-nodes">
      <DataTable
        caption="Nodes"
        columns={nodeColumns}
        rows={nodes}
        rowKey={(row) => row.id}
        empty={<EmptyState message="No nodes." />}
      />
    </Panel>
  );
}

type QuestRow = Detail['quests'][number];

/** Each state as the operator reads it; a time follows where the state has one. */
const QUEST_STATE_LABELS: Record<AdminQuestState, string> = {
  not_started: 'Not started',
  started: 'Connected, not verified yet',
  waiting_for_review: 'Waiting for review',
  keeping_name: 'Keeping the name until',
  done: 'Done, not claimed yet',
  claimed: 'Claimed',
};

function QuestState({ row }: { row: QuestRow }) {
  return (
    <span className={row.state === 'not_started' ? 'text-ink-muted' : 'text-ink'}>
      {QUEST_STATE_LABELS[row.state]}
      {row.at && (
        <>
          {' '}
          <Time iso={row.at} />
        </>
      )}
    </span>
  );
}

/** Each social quest by the name participants see, with where this person stands in it. */
function QuestsPanel({ quests }: { quests: QuestRow[] }) {
  const { productName } = getPublicConfig();
  return (
    <Panel title="Quests" testId="user-quests">
      <DataTable
        caption="Quests"
        columns={[
          {
            id: 'quest',
            header: 'Quest',
            cell: (row: QuestRow) => questTitle(row.quest, productName),
          },
          { id: 'state', header: 'State', cell: (row: QuestRow) => <QuestState row={row} /> },
        ]}
        rows={quests}
        rowKey={(row) => row.quest}
        empty={<EmptyState message="No quests started." />}
      />
    </Panel>
  );
}

type LoginRow = Detail['logins'][number];

function LoginsPanel({ logins }: { logins: LoginRow[] }) {
  return (
    <Panel title="Sign-ins" testId="user-logins">
      <DataTable
        caption="Sign-ins"
        columns={[
          { id: 'at', header: 'Time', cell: (row: LoginRow) => <Time iso={row.at} /> },
          {
            id: 'address',
            header: 'Address',
            cell: (row: LoginRow) => <span className="font-mono">{row.address ?? 'unknown'}</span>,
          },
          {
            id: 'kind',
            header: 'From',
            cell: (row: LoginRow) => (row.kind === 'web' ? 'Web app' : 'Node'),
          },
        ]}
        rows={logins}
        rowKey={(row) => `${row.at}-${row.kind}-${row.address ?? ''}`}
        empty={<EmptyState message="No sign-ins recorded." />}
      />
    </Panel>
  );
}
