import { NODE_SCREEN_TEXTS, type NetworkNode } from '@netpulse/shared';
import { lazy, Suspense, useState } from 'react';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { Panel } from '@/components/ui/panel';
import { SelectField } from '@/components/ui/select-field';
import { LoadingState } from '@/components/ui/spinner';
import { translateText } from '@/lib/i18n/translate-text';
import { useIntl } from '@/lib/i18n/use-intl';
import { useSpeedHistory } from '@/features/nodes/api/get-speed-history';

// chart.js comes with this module, once there is a history to draw, never with the screen.
const SpeedHistoryChart = lazy(async () => ({
  default: (await import('./speed-history-chart')).SpeedHistoryChart,
}));

const ALL_NODES = '';

/** Speed history (issue 17): download and upload per test this cycle, of all nodes or one. */
export function SpeedHistory({ nodes }: { nodes: readonly NetworkNode[] }) {
  const intl = useIntl();
  const [nodeId, setNodeId] = useState(ALL_NODES);
  // A removed node leaves the choice: the history falls back to all nodes.
  const chosen = nodes.some((node) => node.id === nodeId) ? nodeId : ALL_NODES;
  const history = useSpeedHistory({ nodeId: chosen || null });
  const loading = (
    <LoadingState
      label={intl.formatMessage({
        id: 'nodes.historyLoading',
        defaultMessage: 'Loading speed history…',
      })}
      className="h-72 py-0 sm:h-80"
    />
  );

  let body;
  if (history.isPending) {
    body = loading;
  } else if (history.isError) {
    body = (
      <ErrorState
        message={translateText(NODE_SCREEN_TEXTS.historyFailed, undefined, intl)}
        onRetry={() => void history.refetch()}
        className="h-72 justify-center sm:h-80"
      />
    );
  } else if (history.data.points.length === 0) {
    body = (
      <EmptyState
        message={intl.formatMessage({
          id: 'nodes.historyEmptyTitle',
          defaultMessage: 'No tests in this cycle yet',
        })}
        detail={intl.formatMessage({
          id: 'nodes.historyEmptyDetail',
          defaultMessage: 'Each test a node runs adds its download and upload speed here.',
        })}
        className="h-72 justify-center py-0 sm:h-80"
      />
    );
  } else {
    body = (
      <Suspense fallback={loading}>
        <SpeedHistoryChart history={history.data} nodes={nodes} />
      </Suspense>
    );
  }

  return (
    <Panel
      title={intl.formatMessage({ id: 'nodes.historyTitle', defaultMessage: 'Speed history' })}
      testId="speed-history"
      actions={
        <SelectField
          label={intl.formatMessage({ id: 'nodes.historyNodeFilter', defaultMessage: 'Node' })}
          value={chosen}
          onChange={(event) => setNodeId(event.target.value)}
          options={[
            {
              value: ALL_NODES,
              label: intl.formatMessage({ id: 'nodes.allNodes', defaultMessage: 'All nodes' }),
            },
            ...nodes.map((node) => ({ value: node.id, label: node.name })),
          ]}
          className="w-56"
        />
      }
    >
      {body}
    </Panel>
  );
}
