import { questTitle } from '@netpulse/shared';
import type { AdminLedgerRow, AdminQuestState, AdminUserDetail } from '@netpulse/shared/admin';
import { useState, type ReactNode } from 'react';
import type { PageFormatter } from '@/lib/i18n/active-locale';
import { defineMessages, type MessageDescriptor } from '@netpulse/i18n';
import { useParams } from '@/lib/router';
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
import { transactionDetailsText, transactionTypeText } from '@/lib/transaction-labels';
import { useIntl } from '@/lib/i18n/use-intl';
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
  const intl = useIntl();
  const userId = Number(useParams().userId);
  const valid = Number.isInteger(userId) && userId > 0;
  const user = useUser(valid ? userId : 0);

  if (!valid || (user.isError && isApiError(user.error) && user.error.status === 404)) {
    return (
      <section className="flex flex-col gap-6">
        <PageHeading
          title={intl.formatMessage({
            id: 'console.user.notFoundTitle',
            defaultMessage: 'No such user',
          })}
        />
        <EmptyState
          message={intl.formatMessage({
            id: 'console.user.notFound',
            defaultMessage: 'No user has this id.',
          })}
          action={
            <TextLink to={paths.adminUsers.href()}>
              {intl.formatMessage({
                id: 'console.user.backToUsers',
                defaultMessage: 'Back to users',
              })}
            </TextLink>
          }
        />
      </section>
    );
  }
  if (user.isError) {
    return (
      <ErrorState
        message={intl.formatMessage({
          id: 'console.user.loadFailed',
          defaultMessage: 'This account could not be loaded.',
        })}
        onRetry={() => void user.refetch()}
      />
    );
  }
  if (!user.data) {
    return (
      <LoadingState
        label={intl.formatMessage({
          id: 'console.user.loading',
          defaultMessage: 'Loading the account…',
        })}
      />
    );
  }
  return <UserDetail detail={user.data} />;
}

function UserDetail({ detail }: { detail: Detail }) {
  const intl = useIntl();
  const { user } = detail;
  const [action, setAction] = useState<UserActionKind | null>(null);

  return (
    <section className="flex flex-col gap-6" data-testid="admin-user">
      <div className="flex flex-col gap-2">
        <TextLink to={paths.adminUsers.href()} className="self-start text-sm">
          {intl.formatMessage({ id: 'console.user.backLink', defaultMessage: '← Users' })}
        </TextLink>
        <PageHeading title={user.username}>
          <UserStatus role={user.role} verified={user.verified} bannedAt={user.banned_at} />
        </PageHeading>
      </div>

      <Panel
        title={intl.formatMessage({ id: 'console.user.actions', defaultMessage: 'Actions' })}
        testId="user-actions"
      >
        <div className="flex flex-wrap gap-2">
          {!user.verified && (
            <Button variant="secondary" onClick={() => setAction('verify')}>
              {intl.formatMessage({
                id: 'console.userAction.verifyConfirm',
                defaultMessage: 'Verify',
              })}
            </Button>
          )}
          {user.banned_at ? (
            <Button variant="secondary" onClick={() => setAction('unban')}>
              {intl.formatMessage({
                id: 'console.userAction.unbanConfirm',
                defaultMessage: 'Unban',
              })}
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => setAction('ban')}>
              {intl.formatMessage({ id: 'console.userAction.banConfirm', defaultMessage: 'Ban' })}
            </Button>
          )}
          <Button variant="secondary" onClick={() => setAction('boost')}>
            {intl.formatMessage({
              id: 'console.userAction.boostConfirm',
              defaultMessage: 'Set boost',
            })}
          </Button>
          <Button variant="secondary" onClick={() => setAction('streak')}>
            {intl.formatMessage({
              id: 'console.userAction.streakConfirm',
              defaultMessage: 'Restore streak',
            })}
          </Button>
          <Button variant="secondary" onClick={() => setAction('role')}>
            {user.role === 'admin'
              ? intl.formatMessage({
                  id: 'console.userAction.makeMemberConfirm',
                  defaultMessage: 'Make member',
                })
              : intl.formatMessage({
                  id: 'console.userAction.makeAdminConfirm',
                  defaultMessage: 'Make admin',
                })}
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
  const intl = useIntl();
  const { user } = detail;
  const no = intl.formatMessage({ id: 'console.no', defaultMessage: 'No' });
  return (
    <Panel
      title={intl.formatMessage({ id: 'console.user.profile', defaultMessage: 'Profile' })}
      testId="user-profile"
    >
      <Facts
        items={[
          [intl.formatMessage({ id: 'console.users.email', defaultMessage: 'Email' }), user.email],
          [
            intl.formatMessage({ id: 'console.user.role', defaultMessage: 'Role' }),
            user.role === 'admin'
              ? intl.formatMessage({ id: 'console.user.roleAdmin', defaultMessage: 'Admin' })
              : intl.formatMessage({ id: 'console.user.roleMember', defaultMessage: 'Member' }),
          ],
          [
            intl.formatMessage({ id: 'console.bytes', defaultMessage: 'Bytes' }),
            <span className="tabular-nums">{formatPoints(user.points)}</span>,
          ],
          [
            intl.formatMessage({ id: 'console.users.joined', defaultMessage: 'Joined' }),
            <Time iso={user.created_at} />,
          ],
          [
            intl.formatMessage({
              id: 'console.user.emailVerified',
              defaultMessage: 'Email verified',
            }),
            user.verified ? intl.formatMessage({ id: 'console.yes', defaultMessage: 'Yes' }) : no,
          ],
          [
            intl.formatMessage({ id: 'console.status.banned', defaultMessage: 'Banned' }),
            user.banned_at ? (
              <span data-testid="ban-facts">
                {intl.formatMessage(
                  { id: 'console.user.bannedAtFor', defaultMessage: '{time}: {reason}' },
                  {
                    time: <Time iso={user.banned_at} />,
                    reason:
                      user.ban_reason ??
                      intl.formatMessage({
                        id: 'console.user.noReasonGiven',
                        defaultMessage: 'no reason given',
                      }),
                  },
                )}
              </span>
            ) : (
              no
            ),
          ],
          [
            intl.formatMessage({
              id: 'console.user.referralCode',
              defaultMessage: 'Referral code',
            }),
            <span className="font-mono">{user.referral_code}</span>,
          ],
          [
            intl.formatMessage({ id: 'console.user.dailyStreak', defaultMessage: 'Daily streak' }),
            intl.formatMessage(
              {
                id: 'console.user.streakDays',
                defaultMessage: '{count, plural, one {# day} other {# days}}',
              },
              { count: user.daily_streaks },
            ),
          ],
          [
            intl.formatMessage({
              id: 'console.user.lastDailyClaim',
              defaultMessage: 'Last daily claim',
            }),
            <Time iso={user.last_claimed_at} />,
          ],
          [
            intl.formatMessage({ id: 'console.user.boost', defaultMessage: 'Boost' }),
            user.additional_boost === null
              ? intl.formatMessage({ id: 'console.user.noBoost', defaultMessage: 'None' })
              : intl.formatMessage(
                  { id: 'console.user.boostValue', defaultMessage: '× {multiplier, number}' },
                  { multiplier: user.additional_boost },
                ),
          ],
          [
            intl.formatMessage({
              id: 'console.user.creditedTests',
              defaultMessage: 'Credited tests',
            }),
            formatPoints(user.credited_tests),
          ],
          [
            intl.formatMessage({
              id: 'console.user.questsCompleted',
              defaultMessage: 'Quests completed',
            }),
            formatPoints(user.quest_completed),
          ],
          [
            intl.formatMessage({
              id: 'console.user.successfulReferrals',
              defaultMessage: 'Successful referrals',
            }),
            formatPoints(user.successful_referrals),
          ],
        ]}
      />
    </Panel>
  );
}

function ReferralsPanel({ detail }: { detail: Detail }) {
  const intl = useIntl();
  const userLink = (ref: { id: number; username: string }) => (
    <TextLink to={paths.adminUser.href(ref.id)}>{ref.username}</TextLink>
  );
  return (
    <Panel
      title={intl.formatMessage({ id: 'console.user.referrals', defaultMessage: 'Referrals' })}
      testId="user-referrals"
    >
      <div className="flex flex-col gap-4 text-sm">
        <p>
          {detail.referrer
            ? intl.formatMessage(
                {
                  id: 'console.user.referredBy',
                  defaultMessage: '<muted>Referred by</muted> {referrer}',
                },
                {
                  muted: (chunks) => <span className="text-ink-muted">{chunks}</span>,
                  referrer: userLink(detail.referrer),
                },
              )
            : intl.formatMessage(
                {
                  id: 'console.user.referredByNobody',
                  defaultMessage: '<muted>Referred by</muted> nobody (an invite code)',
                },
                { muted: (chunks) => <span className="text-ink-muted">{chunks}</span> },
              )}
        </p>
        {detail.referees.length === 0 ? (
          <p className="text-ink-muted">
            {intl.formatMessage({
              id: 'console.user.referredNobody',
              defaultMessage: 'Has referred nobody.',
            })}
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-line rounded-xl border border-line">
            {detail.referees.map((referee) => (
              <li key={referee.id} className="flex flex-wrap items-center gap-2 px-4 py-2.5">
                {userLink(referee)}
                <span className="text-ink-muted tabular-nums">
                  {intl.formatMessage(
                    {
                      id: 'console.user.refereeCreditedTests',
                      defaultMessage:
                        '{count, plural, one {# credited test} other {# credited tests}}',
                    },
                    { count: referee.credited_tests },
                  )}
                </span>
                {referee.qualified && (
                  <Badge>
                    {intl.formatMessage({
                      id: 'console.user.qualified',
                      defaultMessage: 'Qualified',
                    })}
                  </Badge>
                )}
                {referee.banned && (
                  <Badge className="border-danger/50 bg-danger/10 text-danger">
                    {intl.formatMessage({ id: 'console.status.banned', defaultMessage: 'Banned' })}
                  </Badge>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Panel>
  );
}

const ledgerColumns = (intl: PageFormatter): Column<AdminLedgerRow>[] => [
  {
    id: 'time',
    header: intl.formatMessage({ id: 'console.time', defaultMessage: 'Time' }),
    cell: (row) => <Time iso={row.date_time} />,
  },
  {
    id: 'type',
    header: intl.formatMessage({ id: 'console.user.ledgerType', defaultMessage: 'Type' }),
    // The ledger's labels as a member's transaction history reads them, in the page's language.
    cell: (row) => transactionTypeText(row.transaction_type, intl),
  },
  {
    id: 'cycle',
    header: intl.formatMessage({ id: 'console.cycle', defaultMessage: 'Cycle' }),
    cell: (row) => (
      <Badge>
        {intl.formatMessage(
          { id: 'console.cycleName', defaultMessage: '{name} Cycle' },
          { name: row.season },
        )}
      </Badge>
    ),
  },
  {
    id: 'bytes',
    header: intl.formatMessage({ id: 'console.bytes', defaultMessage: 'Bytes' }),
    className: 'sm:text-end',
    cell: (row) => <span className="tabular-nums">{formatPoints(row.points_earned)}</span>,
  },
  {
    id: 'details',
    header: intl.formatMessage({ id: 'console.user.ledgerDetails', defaultMessage: 'Details' }),
    cell: (row) => (
      <span className="text-ink-muted">{transactionDetailsText(row.details, intl)}</span>
    ),
  },
];

/** A user's ledger, a page at a time, labelled as their transaction history labels it. */
export function LedgerPanel({ userId }: { userId: number }) {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const ledger = useUserLedger(userId, page);
  const title = intl.formatMessage({ id: 'console.user.ledger', defaultMessage: 'Ledger' });
  return (
    <Panel title={title} testId="user-ledger">
      <PagedTable
        query={ledger}
        page={page}
        onPageChange={setPage}
        pagesLabel={intl.formatMessage({
          id: 'console.user.ledgerPages',
          defaultMessage: 'Ledger pages',
        })}
        errorMessage={intl.formatMessage({
          id: 'console.user.ledgerLoadFailed',
          defaultMessage: 'The ledger could not be loaded.',
        })}
        caption={title}
        columns={ledgerColumns(intl)}
        rowKey={(row) => row.id}
        loadingLabel={intl.formatMessage({
          id: 'console.user.ledgerLoading',
          defaultMessage: 'Loading the ledger…',
        })}
        empty={
          <EmptyState
            message={intl.formatMessage({
              id: 'console.user.ledgerEmpty',
              defaultMessage: 'No Bytes credited yet.',
            })}
          />
        }
      />
    </Panel>
  );
}

type NodeRow = Detail['nodes'][number];

const nodeColumns = (intl: PageFormatter): Column<NodeRow>[] => [
  {
    id: 'name',
    header: intl.formatMessage({ id: 'console.user.node', defaultMessage: 'Node' }),
    cell: (row) => (
      <span className="flex flex-col">
        <ClampedText text={row.name} className="font-medium" />
        <span className="font-mono text-xs text-ink-muted">{row.id}</span>
      </span>
    ),
  },
  {
    id: 'kind',
    header: intl.formatMessage({ id: 'console.user.nodeKind', defaultMessage: 'Kind' }),
    cell: (row) =>
      row.kind === 'browser'
        ? intl.formatMessage({ id: 'console.user.nodeBrowser', defaultMessage: 'Browser' })
        : row.version
          ? intl.formatMessage(
              { id: 'console.user.nodeExtensionVersion', defaultMessage: 'Extension {version}' },
              { version: row.version },
            )
          : intl.formatMessage({ id: 'console.user.nodeExtension', defaultMessage: 'Extension' }),
  },
  {
    id: 'seen',
    header: intl.formatMessage({ id: 'console.user.lastSeen', defaultMessage: 'Last seen' }),
    cell: (row) => <Time iso={row.last_seen_at} />,
  },
  {
    id: 'removed',
    header: intl.formatMessage({ id: 'console.user.removed', defaultMessage: 'Removed' }),
    cell: (row) => <Time iso={row.removed_at} />,
  },
];

function NodesPanel({ nodes }: { nodes: NodeRow[] }) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'console.user.nodes', defaultMessage: 'Nodes' });
  return (
    <Panel title={title} testId="user-nodes">
      <DataTable
        caption={title}
        columns={nodeColumns(intl)}
        rows={nodes}
        rowKey={(row) => row.id}
        empty={
          <EmptyState
            message={intl.formatMessage({
              id: 'console.user.noNodes',
              defaultMessage: 'No nodes.',
            })}
          />
        }
      />
    </Panel>
  );
}

type QuestRow = Detail['quests'][number];

/** Each state as the operator reads it. */
const QUEST_STATE_LABELS: Record<AdminQuestState, MessageDescriptor> = defineMessages({
  not_started: { id: 'console.questState.notStarted', defaultMessage: 'Not started' },
  started: { id: 'console.questState.started', defaultMessage: 'Connected, not verified yet' },
  waiting_for_review: {
    id: 'console.questState.waitingForReview',
    defaultMessage: 'Waiting for review',
  },
  keeping_name: { id: 'console.questState.keepingName', defaultMessage: 'Keeping the name' },
  done: { id: 'console.questState.done', defaultMessage: 'Done, not claimed yet' },
  claimed: { id: 'console.questState.claimed', defaultMessage: 'Claimed' },
});

/** Each state with the time it has, where it has one. */
const QUEST_STATE_AT_LABELS: Record<AdminQuestState, MessageDescriptor> = defineMessages({
  not_started: { id: 'console.questState.notStartedAt', defaultMessage: 'Not started {time}' },
  started: {
    id: 'console.questState.startedAt',
    defaultMessage: 'Connected, not verified yet {time}',
  },
  waiting_for_review: {
    id: 'console.questState.waitingForReviewAt',
    defaultMessage: 'Waiting for review since {time}',
  },
  keeping_name: {
    id: 'console.questState.keepingNameUntil',
    defaultMessage: 'Keeping the name until {time}',
  },
  done: { id: 'console.questState.doneAt', defaultMessage: 'Done, not claimed yet {time}' },
  claimed: { id: 'console.questState.claimedAt', defaultMessage: 'Claimed {time}' },
});

function QuestState({ row }: { row: QuestRow }) {
  const intl = useIntl();
  return (
    <span className={row.state === 'not_started' ? 'text-ink-muted' : 'text-ink'}>
      {row.at
        ? intl.formatMessage(QUEST_STATE_AT_LABELS[row.state], { time: <Time iso={row.at} /> })
        : intl.formatMessage(QUEST_STATE_LABELS[row.state])}
    </span>
  );
}

/** Each social quest by the name participants see, with where this person stands in it. */
function QuestsPanel({ quests }: { quests: QuestRow[] }) {
  const intl = useIntl();
  const { productName } = getPublicConfig();
  const title = intl.formatMessage({ id: 'console.user.quests', defaultMessage: 'Quests' });
  return (
    <Panel title={title} testId="user-quests">
      <DataTable
        caption={title}
        columns={[
          {
            id: 'quest',
            header: intl.formatMessage({ id: 'console.user.quest', defaultMessage: 'Quest' }),
            cell: (row: QuestRow) => questTitle(row.quest, productName),
          },
          {
            id: 'state',
            header: intl.formatMessage({ id: 'console.user.questState', defaultMessage: 'State' }),
            cell: (row: QuestRow) => <QuestState row={row} />,
          },
        ]}
        rows={quests}
        rowKey={(row) => row.quest}
        empty={
          <EmptyState
            message={intl.formatMessage({
              id: 'console.user.noQuests',
              defaultMessage: 'No quests started.',
            })}
          />
        }
      />
    </Panel>
  );
}

type LoginRow = Detail['logins'][number];

function LoginsPanel({ logins }: { logins: LoginRow[] }) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'console.user.signIns', defaultMessage: 'Sign-ins' });
  return (
    <Panel title={title} testId="user-logins">
      <DataTable
        caption={title}
        columns={[
          {
            id: 'at',
            header: intl.formatMessage({ id: 'console.time', defaultMessage: 'Time' }),
            cell: (row: LoginRow) => <Time iso={row.at} />,
          },
          {
            id: 'address',
            header: intl.formatMessage({ id: 'console.user.address', defaultMessage: 'Address' }),
            cell: (row: LoginRow) => (
              <span className="font-mono">
                {row.address ??
                  intl.formatMessage({
                    id: 'console.user.addressUnknown',
                    defaultMessage: 'unknown',
                  })}
              </span>
            ),
          },
          {
            id: 'kind',
            header: intl.formatMessage({ id: 'console.user.signInFrom', defaultMessage: 'From' }),
            cell: (row: LoginRow) =>
              row.kind === 'web'
                ? intl.formatMessage({ id: 'console.user.fromWebApp', defaultMessage: 'Web app' })
                : intl.formatMessage({ id: 'console.user.fromNode', defaultMessage: 'Node' }),
          },
        ]}
        rows={logins}
        rowKey={(row) => `${row.at}-${row.kind}-${row.address ?? ''}`}
        empty={
          <EmptyState
            message={intl.formatMessage({
              id: 'console.user.noSignIns',
              defaultMessage: 'No sign-ins recorded.',
            })}
          />
        }
      />
    </Panel>
  );
}
