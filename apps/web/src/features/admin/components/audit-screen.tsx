import { AUDIT_ACTIONS, type AdminActor, type AuditRow } from '@netpulse/shared/admin';
import { useState } from 'react';
import type { PageFormatter } from '@/lib/i18n/active-locale';
import type { Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeading } from '@/components/ui/page-heading';
import { PagedTable } from '@/components/ui/paged-table';
import { Panel } from '@/components/ui/panel';
import { SelectField } from '@/components/ui/select-field';
import { Time } from '@/components/ui/time';
import { DateRangeFilter } from '@/components/date-range-filter/date-range-filter';
import { useAudit, type AuditFilter } from '@/features/admin/api/get-audit';
import {
  AUDIT_ACTION_LABELS,
  auditActionLabel,
  auditChanges,
  auditTargetText,
} from '@/features/admin/console-texts';
import { ClampedText } from '@/components/ui/clamped-text';
import { useIntl } from '@/lib/i18n/use-intl';

const NO_FILTER: AuditFilter = { adminId: '', action: '', from: '', to: '', pageNumber: 1 };

/** The actor's key in the admin filter: the command line is id 0. */
const actorKey = (actor: AdminActor) => String(actor.id ?? 0);

/** A row without changes: a dash, in every language. */
const NO_CHANGE = '—';

function Changes({ row }: { row: AuditRow }) {
  const intl = useIntl();
  const changes = auditChanges(row.before, row.after, intl);
  if (changes.length === 0) return <span className="text-ink-muted">{NO_CHANGE}</span>;
  return (
    <ul className="flex flex-col gap-0.5 text-xs" data-testid="audit-changes">
      {changes.map((change) => (
        <li key={change.field} className="whitespace-normal">
          {intl.formatMessage(
            {
              id: 'console.audit.change',
              defaultMessage: '<muted>{field}:</muted> {before} <muted>→</muted> {after}',
            },
            {
              muted: (chunks) => <span className="text-ink-muted">{chunks}</span>,
              field: change.field,
              before: <ClampedText text={change.before} className="max-w-40" />,
              after: <ClampedText text={change.after} className="max-w-40" />,
            },
          )}
        </li>
      ))}
    </ul>
  );
}

const commandLine = (intl: PageFormatter) =>
  intl.formatMessage({ id: 'console.audit.commandLine', defaultMessage: 'command line' });

const columns = (intl: PageFormatter): Column<AuditRow>[] => [
  {
    id: 'at',
    header: intl.formatMessage({ id: 'console.time', defaultMessage: 'Time' }),
    cell: (row) => <Time iso={row.at} />,
  },
  {
    id: 'admin',
    header: intl.formatMessage({ id: 'console.audit.by', defaultMessage: 'By' }),
    cell: (row) =>
      row.admin.id === null ? commandLine(intl) : <ClampedText text={row.admin.username} />,
  },
  {
    id: 'action',
    header: intl.formatMessage({ id: 'console.audit.actionColumn', defaultMessage: 'Action' }),
    cell: (row) => auditActionLabel(row.action, intl),
  },
  {
    id: 'target',
    header: intl.formatMessage({ id: 'console.audit.target', defaultMessage: 'Target' }),
    cell: (row) => <ClampedText text={auditTargetText(row.target, intl)} />,
  },
  {
    id: 'reason',
    header: intl.formatMessage({ id: 'console.ban.reason', defaultMessage: 'Reason' }),
    cell: (row) => <ClampedText text={row.reason ?? ''} className="text-ink-muted" />,
  },
  {
    id: 'changes',
    header: intl.formatMessage({ id: 'console.audit.changes', defaultMessage: 'Before → after' }),
    cell: (row) => <Changes row={row} />,
  },
];

/** The audit log: every console and command-line action, filtered by admin, action and date. */
export function AuditScreen() {
  const intl = useIntl();
  const [filter, setFilter] = useState<AuditFilter>(NO_FILTER);
  // The admin filter offers everyone who appears in the log as it is read (there is no list of admins).
  // The command line (id 0) is named at render time, in the page's language.
  const [actors, setActors] = useState<ReadonlyMap<string, string | null>>(new Map([['0', null]]));
  const audit = useAudit(filter);

  // Adjusted while rendering (not in an effect): each new page adds the admins it names.
  const [actorsOf, setActorsOf] = useState(audit.data);
  if (audit.data !== actorsOf) {
    setActorsOf(audit.data);
    const unseen = (audit.data?.rows ?? []).filter(
      (row) => row.admin.id !== null && !actors.has(actorKey(row.admin)),
    );
    if (unseen.length > 0) {
      const next = new Map(actors);
      for (const row of unseen) next.set(actorKey(row.admin), row.admin.username);
      setActors(next);
    }
  }

  const update = (change: Partial<AuditFilter>) =>
    setFilter((current) => ({ ...current, ...change, pageNumber: 1 }));

  return (
    <section className="flex flex-col gap-6">
      <PageHeading
        title={intl.formatMessage({ id: 'console.nav.audit', defaultMessage: 'Audit log' })}
      />
      <Panel
        title={intl.formatMessage({ id: 'console.audit.actions', defaultMessage: 'Actions' })}
        testId="admin-audit"
      >
        <div className="flex flex-col gap-4">
          <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
            <SelectField
              label={intl.formatMessage({ id: 'console.audit.admin', defaultMessage: 'Admin' })}
              data-testid="audit-admin"
              options={[
                {
                  value: '',
                  label: intl.formatMessage({
                    id: 'console.audit.everyone',
                    defaultMessage: 'Everyone',
                  }),
                },
                ...[...actors].map(([value, label]) => ({
                  value,
                  label: label ?? commandLine(intl),
                })),
              ]}
              value={filter.adminId}
              onChange={(event) => update({ adminId: event.target.value })}
            />
            <SelectField
              label={intl.formatMessage({
                id: 'console.audit.actionColumn',
                defaultMessage: 'Action',
              })}
              data-testid="audit-action"
              options={[
                {
                  value: '',
                  label: intl.formatMessage({
                    id: 'console.audit.allActions',
                    defaultMessage: 'All actions',
                  }),
                },
                ...AUDIT_ACTIONS.map((action) => ({
                  value: action,
                  label: intl.formatMessage(AUDIT_ACTION_LABELS[action]),
                })),
              ]}
              value={filter.action}
              onChange={(event) => update({ action: event.target.value })}
            />
            <DateRangeFilter
              label={intl.formatMessage({ id: 'console.audit.dates', defaultMessage: 'Dates' })}
              className="sm:col-span-2"
              onChange={(range) => update({ from: range.startDate, to: range.endDate })}
            />
          </div>
          <PagedTable
            query={audit}
            page={filter.pageNumber}
            onPageChange={(pageNumber) => setFilter((current) => ({ ...current, pageNumber }))}
            pagesLabel={intl.formatMessage({
              id: 'console.audit.pages',
              defaultMessage: 'Audit log pages',
            })}
            errorMessage={intl.formatMessage({
              id: 'console.audit.loadFailed',
              defaultMessage: 'The audit log could not be loaded.',
            })}
            caption={intl.formatMessage({ id: 'console.nav.audit', defaultMessage: 'Audit log' })}
            testId="admin-audit-table"
            columns={columns(intl)}
            rowKey={(row) => row.id}
            loadingLabel={intl.formatMessage({
              id: 'console.audit.loading',
              defaultMessage: 'Loading the audit log…',
            })}
            empty={
              <EmptyState
                message={intl.formatMessage({
                  id: 'console.audit.empty',
                  defaultMessage: 'No actions match these filters.',
                })}
              />
            }
          />
        </div>
      </Panel>
    </section>
  );
}
