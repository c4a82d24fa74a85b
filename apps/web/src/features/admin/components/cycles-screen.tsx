import { formatDate, formatDateTime, type Cycle } from '@netpulse/shared';
import type { AdminCycle } from '@netpulse/shared/admin';
import { useState } from 'react';
import type { PageFormatter } from '@/lib/i18n/active-locale';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { PageHeading } from '@/components/ui/page-heading';
import { Panel } from '@/components/ui/panel';
import { DateField } from '@/components/date-range-filter/date-field';
import { isApiError } from '@/lib/api-client';
import { apiFailureMessage } from '@/lib/api-error-message';
import { useIntl } from '@/lib/i18n/use-intl';
import { toast } from '@/lib/toast';
import { useCycles } from '@/features/admin/api/get-cycles';
import { useStartCycle } from '@/features/admin/api/start-cycle';
import { CANNOT_BE_UNDONE, startCycleEffect } from '@/features/admin/console-texts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Time } from '@/components/ui/time';

const columns = (intl: PageFormatter): Column<AdminCycle>[] => [
  {
    id: 'name',
    header: intl.formatMessage({ id: 'console.cycle', defaultMessage: 'Cycle' }),
    cell: (row) => (
      <span className="flex items-center gap-2 font-semibold">
        {intl.formatMessage(
          { id: 'console.cycleName', defaultMessage: '{name} Cycle' },
          { name: row.name },
        )}
        {row.is_current && (
          <Badge testId="current-cycle">
            {intl.formatMessage({ id: 'console.cycles.current', defaultMessage: 'Current' })}
          </Badge>
        )}
      </span>
    ),
  },
  {
    id: 'started',
    header: intl.formatMessage({ id: 'console.cycles.started', defaultMessage: 'Started' }),
    cell: (row) => <Time iso={row.started_at} />,
  },
  {
    id: 'planned',
    header: intl.formatMessage({ id: 'console.cycles.plannedEnd', defaultMessage: 'Planned end' }),
    cell: (row) => <Time iso={row.ends_at} />,
  },
  {
    id: 'ended',
    header: intl.formatMessage({ id: 'console.cycles.ended', defaultMessage: 'Ended' }),
    cell: (row) => <Time iso={row.ended_at} />,
  },
];

/** Cycles: the list, and starting the next one after a confirmation that names the effect. */
export function CyclesScreen() {
  const intl = useIntl();
  const cycles = useCycles();
  const [starting, setStarting] = useState(false);
  const loading = cycles.isFetching;
  const rows = loading || cycles.isError ? [] : (cycles.data?.cycles ?? []);
  const next = cycles.data?.next ?? null;
  const current = cycles.data?.cycles.find((cycle) => cycle.is_current) ?? null;
  const cyclesTitle = intl.formatMessage({ id: 'console.nav.cycles', defaultMessage: 'Cycles' });

  return (
    <section className="flex flex-col gap-6">
      <PageHeading title={cyclesTitle}>
        {next && (
          <Button onClick={() => setStarting(true)} data-testid="start-cycle">
            {intl.formatMessage(
              { id: 'console.cycles.start', defaultMessage: 'Start {next}' },
              { next },
            )}
          </Button>
        )}
      </PageHeading>
      <Panel title={cyclesTitle} testId="admin-cycles">
        <div className="flex flex-col gap-3">
          <DataTable
            caption={cyclesTitle}
            testId="admin-cycles-table"
            columns={columns(intl)}
            rows={rows}
            rowKey={(row) => row.name}
            isLoading={loading}
            loadingLabel={intl.formatMessage({
              id: 'console.cycles.loading',
              defaultMessage: 'Loading cycles…',
            })}
            error={
              cycles.isError ? (
                <ErrorState
                  message={intl.formatMessage({
                    id: 'console.cycles.loadFailed',
                    defaultMessage: 'The cycles could not be loaded.',
                  })}
                  onRetry={() => void cycles.refetch()}
                />
              ) : undefined
            }
            empty={
              <EmptyState
                message={intl.formatMessage({
                  id: 'console.cycles.empty',
                  defaultMessage: 'No cycle has started yet.',
                })}
              />
            }
          />
          {cycles.data && !next && (
            <p className="text-sm text-ink-muted">
              {current
                ? intl.formatMessage(
                    {
                      id: 'console.cycles.lastCycle',
                      defaultMessage: '{name} is the last cycle: there is none to start after it.',
                    },
                    { name: current.name },
                  )
                : intl.formatMessage({
                    id: 'console.cycles.thisIsLast',
                    defaultMessage: 'This is the last cycle: there is none to start after it.',
                  })}
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
  const intl = useIntl();
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
      title={
        current
          ? intl.formatMessage(
              {
                id: 'console.cycles.endAndStartTitle',
                defaultMessage: 'End {current} and start {next}?',
              },
              { current: current.name, next },
            )
          : intl.formatMessage(
              { id: 'console.cycles.startTitle', defaultMessage: 'Start {next}?' },
              { next },
            )
      }
      effect={startCycleEffect(current, next, intl)}
      confirmLabel={intl.formatMessage(
        { id: 'console.cycles.start', defaultMessage: 'Start {next}' },
        { next },
      )}
      cannotBeUndone={CANNOT_BE_UNDONE.startCycle(current, next, intl)}
      typeToConfirm={next}
      pending={start.isPending}
      testId="start-cycle-dialog"
      onClose={onClose}
      onConfirm={() => {
        if (endsAt && endsAt.getTime() <= new Date().getTime()) {
          setError(
            intl.formatMessage({
              id: 'console.cycles.endInPast',
              defaultMessage: 'The planned end must be a future day',
            }),
          );
          return;
        }
        setError(undefined);
        start.mutate({ name: next, endsAt: endsAt?.toISOString() });
      }}
    >
      <DateField
        label={intl.formatMessage(
          { id: 'console.cycles.plannedEndOf', defaultMessage: 'Planned end of {next} (optional)' },
          { next },
        )}
        value={endDay}
        onChange={setEndDay}
        error={error}
        description={
          endsAt
            ? intl.formatMessage(
                {
                  id: 'console.cycles.endsOn',
                  defaultMessage: '{next} ends at 00:00 UTC on {day}: {localTime} your time.',
                },
                { next, day: formatDate(endsAt, 'UTC'), localTime: formatDateTime(endsAt) },
              )
            : intl.formatMessage(
                {
                  id: 'console.cycles.endsOnPicked',
                  defaultMessage: '{next} ends at 00:00 UTC on the day you pick.',
                },
                { next },
              )
        }
      />
    </ConfirmDialog>
  );
}
