import type { NetworkNode } from '@netpulse/shared';
import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Time } from '@/components/ui/time';
import { cn } from '@/lib/cn';
import { formatPoints, formatSpeedLine } from '@/lib/format-number';
import { useIntl } from '@/lib/i18n/use-intl';
import { ClampedText } from '@/components/ui/clamped-text';

/** An extension node that has not said its version: a dash. */
const NO_VERSION = '-';

interface NodeCardProps {
  node: NetworkNode;
  onRename: () => void;
  onRemove: () => void;
}

function Fact({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    // A dl holds its dt/dd pairs in one div each, no deeper, for a screen reader to pair them.
    <div className={cn('flex flex-col gap-0.5', className)}>
      <dt className="text-xs font-medium text-ink-muted">{label}</dt>
      <dd className="text-sm text-ink tabular-nums">{children}</dd>
    </div>
  );
}

/** Online (seen in the last 15 minutes) in green, else Offline with when it was last seen. */
export function NodeStatus({ node }: { node: NetworkNode }) {
  const intl = useIntl();
  const lastSeen = node.last_seen_at;
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <span
        data-testid="node-status"
        className={cn(
          'inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs font-semibold',
          node.online
            ? 'border-success/40 bg-success/10 text-success'
            : 'border-line bg-surface-raised text-ink-muted',
        )}
      >
        <span
          aria-hidden="true"
          className={cn('size-2 rounded-full', node.online ? 'bg-success' : 'bg-ink-faint')}
        />
        {node.online
          ? intl.formatMessage({ id: 'nodes.online', defaultMessage: 'Online' })
          : intl.formatMessage({ id: 'nodes.offline', defaultMessage: 'Offline' })}
      </span>
      {!node.online && (
        <span className="text-xs text-ink-muted" data-testid="node-last-seen">
          {lastSeen
            ? intl.formatMessage(
                { id: 'nodes.lastSeen', defaultMessage: 'last seen <time></time>' },
                { time: () => <Time key="time" iso={lastSeen} /> },
              )
            : intl.formatMessage({ id: 'nodes.neverSeen', defaultMessage: 'never seen' })}
        </span>
      )}
    </p>
  );
}

/** One node of the account: its status, its figures and its Rename and Remove actions. */
export function NodeCard({ node, onRename, onRemove }: NodeCardProps) {
  const intl = useIntl();
  const titleId = useId();
  const result = node.last_result;
  return (
    <article
      aria-labelledby={titleId}
      data-testid="node-card"
      className="flex w-full flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-5"
    >
      <header className="flex flex-col gap-2">
        <h2 id={titleId} className="min-w-0 text-base font-semibold text-ink">
          <ClampedText text={node.name} className="block max-w-full" />
        </h2>
        <NodeStatus node={node} />
      </header>
      <dl className="grid grid-cols-2 gap-3">
        <Fact label={intl.formatMessage({ id: 'nodes.version', defaultMessage: 'Version' })}>
          {node.version ??
            (node.kind === 'browser'
              ? intl.formatMessage({ id: 'nodes.webPage', defaultMessage: 'Web page' })
              : NO_VERSION)}
        </Fact>
        <Fact label={intl.formatMessage({ id: 'nodes.testsToday', defaultMessage: 'Tests today' })}>
          {intl.formatMessage(
            { id: 'nodes.testsTodayValue', defaultMessage: '{done} of {limit}' },
            { done: node.tests_today, limit: node.daily_limit },
          )}
        </Fact>
        <Fact
          label={intl.formatMessage({
            id: 'nodes.nextPlannedTest',
            defaultMessage: 'Next planned test',
          })}
        >
          {node.next_test_at ? (
            <Time iso={node.next_test_at} />
          ) : (
            intl.formatMessage({ id: 'nodes.nonePlanned', defaultMessage: 'None planned' })
          )}
        </Fact>
        <Fact label={intl.formatMessage({ id: 'nodes.thisCycle', defaultMessage: 'This cycle' })}>
          {intl.formatMessage(
            { id: 'nodes.bytesAmount', defaultMessage: '{points} Bytes' },
            { points: formatPoints(node.cycle_points) },
          )}
        </Fact>
        <Fact
          label={intl.formatMessage({ id: 'nodes.lastResult', defaultMessage: 'Last result' })}
          className="col-span-2"
        >
          {result ? (
            <span data-testid="node-last-result">{formatSpeedLine(result)}</span>
          ) : (
            intl.formatMessage({ id: 'nodes.noTestYet', defaultMessage: 'No test yet' })
          )}
        </Fact>
      </dl>
      <div className="mt-auto flex gap-2">
        <Button variant="secondary" onClick={onRename} className="flex-1">
          {intl.formatMessage({ id: 'nodes.rename', defaultMessage: 'Rename' })}
        </Button>
        <Button variant="ghost" onClick={onRemove} className="flex-1 text-danger">
          {intl.formatMessage({ id: 'nodes.remove', defaultMessage: 'Remove' })}
        </Button>
      </div>
    </article>
  );
}

/** A card's shape while the list loads. */
export function NodeCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      data-testid="node-card-skeleton"
      className="flex h-64 flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-5"
    >
      <span className="block h-5 w-40 animate-pulse rounded bg-surface-raised" />
      <span className="block h-5 w-20 animate-pulse rounded-full bg-surface-raised" />
      <span className="block h-24 w-full animate-pulse rounded bg-surface-raised" />
    </div>
  );
}
