import { formatDate, formatDateTime, type Cycle } from '@netpulse/shared';
import type { AdminCycle } from '@netpulse/shared/admin';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { PageHeading } from '@/components/ui/page-heading';
import { Panel } from '@/components/ui/panel';
import { DateField } from '@/components/date-range-filter/date-field';
import { isApiError } from '@/lib/api-client';
import { apiFailureMessage } from '@/lib/api-error-message';
import { toast } from '@/lib/toast';
import { useCycles } from '@/features/admin/api/get-cycles';
import { useStartCycle } from '@/features/admin/api/start-cycle';
import { CANNOT_BE_UNDONE, startCycleEffect } from '@/features/admin/console-texts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Time } from '@/components/ui/time';

const columns: Column<AdminCycle>[] = [
  {
    id: 'name',
    header: 'Cycle',
    cell: (row) => (
      <span className="flex items-center gap-2 font-semibold">
        {row.name} Cycle
        {row.is_current && <Badge testId="current-cycle">Current</Badge>}
      </span>
    ),
  },
  { id: 'started', header: 'Started', cell: (row) => <Time iso={row.started_at} /> },
  { id: 'planned', header: 'Planned end', cell: (row) => <Time iso={row.ends_at} /> },
  { id: 'ended', header: 'Ended', cell: (row) => <Time iso={row.ended_at} /> },
];

/** Cycles: the list, and starting the next one after a confirmation that names the effect. */
export function CyclesScreen() {
  const cycles = useCycles();
  const [starting, setStarting] = useState(false);
  const loading = cycles.isFetching;
  const rows = loading || cycles.isError ? [] : (cycles.data?.cycles ?? []);
  const next = cycles.data?.next ?? null;
  const current = cycles.data?.cycles.find((cycle) => cycle.is_current) ?? null;

  return (
    <section className="flex flex-col gap-6">
      <PageHeading title="Cycles">
        {next && (
          <Button onClick={() => setStarting(true)} data-testid="start-cycle">
            Start {next}
          </Button>
        )}
      </PageHeading>
      <Panel title="Cycles" testId="admin-cycles">
        <div className="flex flex-col gap-3">
          <DataTable
            caption="Cycles"
            testId="admin-cycles-table"
            columns={columns}
            rows={rows}
            rowKey={(row) => row.name}
            isLoading={loading}
            loadingLabel="Loading cycles…"
            error={
              cycles.isError ? (
                <ErrorState
                  message="The cycles could not be loaded."
                  onRetry={() => void cycles.refetch()}
                />
              ) : undefined
            }
            empty={<EmptyState message="No cycle has started yet." />}
          />
          {cycles.data && !next && (
            <p className="text-sm text-ink-muted">
              {current?.name ?? 'This'} is the last cycle: there is none to start after it.
            </p>
          )}
        </div>
      </Panel>
      {starting && next && (
        <StartCycleDialog current={current} next={next} onClose={() => setStarting(false)} />
      )}
    </section>
  );
}

/** 00:00 UTC on the calendar day picked (a local midnight in the calendar). */
function cycleEndOn(day: Date): Date {
  return new Date(Date.UTC(day.getFullYear(), day.getMonth(), day.getDate()));
}

function StartCycleDialog({
  current,
  next,
  onClose,
}: {
  current: AdminCycle | null;
  next: Cycle;
  onClose: () => void;
}) {
  // The picked day; the cycle ends at 00:00 UTC on it, as the daily rules turn over.
  const [endDay, setEndDay] = useState<Date | undefined>();
  const endsAt = endDay ? cycleEndOn(endDay) : null;
  const [error, setError] = useState<string | undefined>();
  const start = useStartCycle({
    onSuccess: (message) => {
      toast.success(message);
      onClose();
    },
    onError: (failure) => {
      const fieldMessage = isApiError(failure) ? failure.fieldErrors.endsAt?.[0] : undefined;
      if (fieldMessage) setError(fieldMessage);
      else toast.error(apiFailureMessage(failure));
    },
  });
  return (
    <ConfirmDialog
      title={current ? `End ${current.name} and start ${next}?` : `Start ${next}?`}
      effect={startCycleEffect(current, next)}
      confirmLabel={`Start ${next}`}
      cannotBeUndone={CANNOT_BE_UNDONE.startCycle(current, next)}
      typeToConfirm={next}
      pending={start.isPending}
      testId="start-cycle-dialog"
      onClose={onClose}
      onConfirm={() => {
        if (endsAt && endsAt.getTime() <= new Date().getTime()) {
          setError('The planned end must be a future day');
          return;
        }
        setError(undefined);
        start.mutate({ name: next, endsAt: endsAt?.toISOString() });
      }}
    >
      <DateField
        label={`Planned end of ${next} (optional)`}
        value={endDay}
        onChange={setEndDay}
        error={error}
        description={
          endsAt
            ? `${next} ends at 00:00 UTC on ${formatDate(endsAt, 'UTC')}: ${formatDateTime(endsAt)} your time.`
            : `${next} ends at 00:00 UTC on the day you pick.`
        }
      />
    </ConfirmDialog>
  );
}
