import { AUDIT_ACTIONS, type AdminActor, type AuditRow } from '@netpulse/shared/admin';
import { useState } from 'react';
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

const NO_FILTER: AuditFilter = { adminId: '', action: '', from: '', to: '', pageNumber: 1 };

const ACTION_OPTIONS = [
  { value: '', label: 'All actions' },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] })),
];

/** The actor's key in the admin filter: the command line is id 0. */
const actorKey = (actor: AdminActor) => String(actor.id ?? 0);

function Changes({ row }: { row: AuditRow }) {
  const changes = auditChanges(row.before, row.after);
  if (changes.length === 0) return <span className="text-ink-muted">—</span>;
  return (
    <ul className="flex flex-col gap-0.5 text-xs" data-testid="audit-changes">
      {changes.map((change) => (
        <li key={change.field} className="whitespace-normal">
          <span className="text-ink-muted">{change.field}: </span>
          <ClampedText text={change.before} className="max-w-40" />
          <span className="text-ink-muted"> → </span>
          <ClampedText text={change.after} className="max-w-40" />
        </li>
      ))}
    </ul>
  );
}

const columns: Column<AuditRow>[] = [
  { id: 'at', header: 'Time', cell: (row) => <Time iso={row.at} /> },
  {
    id: 'admin',
    header: 'By',
    cell: (row) =>
      row.admin.id === null ? 'command line' : <ClampedText text={row.admin.username} />,
  },
  {
    id: 'action',
    header: 'Action',
    cell: (row) => auditActionLabel(row.action),
  },
  {
    id: 'target',
    header: 'Target',
    cell: (row) => <ClampedText text={auditTargetText(row.target)} />,
  },
  {
    id: 'reason',
    header: 'Reason',
    cell: (row) => <ClampedText text={row.reason ?? ''} className="text-ink-muted" />,
  },
  { id: 'changes', header: 'Before → after', cell: (row) => <Changes row={row} /> },
];

/** The audit log: every console and command-line action, filtered by admin, action and date. */
export function AuditScreen() {
  const [filter, setFilter] = useState<AuditFilter>(NO_FILTER);
  // The admin filter offers everyone who appears in the log as it is read (there is no list of admins).
  const [actors, setActors] = useState<ReadonlyMap<string, string>>(
    new Map([['0', 'command line']]),
  );
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
      <PageHeading title="Audit log" />
      <Panel title="Actions" testId="admin-audit">
        <div className="flex flex-col gap-4">
          <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
            <SelectField
              label="Admin"
              data-testid="audit-admin"
              options={[
                { value: '', label: 'Everyone' },
                ...[...actors].map(([value, label]) => ({ value, label })),
              ]}
              value={filter.adminId}
              onChange={(event) => update({ adminId: event.target.value })}
            />
            <SelectField
              label="Action"
              data-testid="audit-action"
              options={ACTION_OPTIONS}
              value={filter.action}
              onChange={(event) => update({ action: event.target.value })}
            />
            <DateRangeFilter
              label="Dates"
              className="sm:col-span-2"
              onChange={(range) => update({ from: range.startDate, to: range.endDate })}
            />
          </div>
          <PagedTable
            query={audit}
            page={filter.pageNumber}
            onPageChange={(pageNumber) => setFilter((current) => ({ ...current, pageNumber }))}
            pagesLabel="Audit log pages"
            errorMessage="The audit log could not be loaded."
            caption="Audit log"
            testId="admin-audit-table"
            columns={columns}
            rowKey={(row) => row.id}
            loadingLabel="Loading the audit log…"
            empty={<EmptyState message="No actions match these filters." />}
          />
        </div>
      </Panel>
    </section>
  );
}
