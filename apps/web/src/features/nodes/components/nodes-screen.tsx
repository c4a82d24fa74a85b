import { NODE_SCREEN_TEXTS, type NetworkNode } from '@netpulse/shared';
import { useState } from 'react';
import { InstallExtensionLink } from '@/components/extension/install-extension-link';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { PageHeading } from '@/components/ui/page-heading';
import { translateText } from '@/lib/i18n/translate-text';
import { useIntl } from '@/lib/i18n/use-intl';
import { useNodes } from '@/features/nodes/api/get-nodes';
import { BrowserSpeedtestPanel } from './browser-speedtest-panel';
import { NodeCard, NodeCardSkeleton } from './node-card';
import { RemoveNodeDialog } from './remove-node-dialog';
import { RenameNodeDialog } from './rename-node-dialog';
import { SpeedHistory } from './speed-history';

const SKELETON_CARDS = 2;

type NodeAction = { kind: 'rename' | 'remove'; node: NetworkNode } | null;

/** The Nodes screen (issue 17): every validator of the account, a test run here, and the history. */
export function NodesScreen() {
  const intl = useIntl();
  const nodes = useNodes();
  const [action, setAction] = useState<NodeAction>(null);
  const close = () => setAction(null);

  let list;
  if (nodes.isPending) {
    list = (
      <div
        role="status"
        aria-label={intl.formatMessage({
          id: 'nodes.loading',
          defaultMessage: 'Loading your nodes…',
        })}
        className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
      >
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <NodeCardSkeleton key={index} />
        ))}
      </div>
    );
  } else if (nodes.isError) {
    list = (
      <ErrorState
        message={translateText(NODE_SCREEN_TEXTS.listFailed, undefined, intl)}
        onRetry={() => void nodes.refetch()}
        className="rounded-2xl border border-line bg-surface"
      />
    );
  } else if (nodes.data.nodes.length === 0) {
    list = (
      <EmptyState
        message={translateText(NODE_SCREEN_TEXTS.emptyTitle, undefined, intl)}
        detail={translateText(NODE_SCREEN_TEXTS.emptyDetail, undefined, intl)}
        action={<InstallExtensionLink className="mt-2" />}
        className="rounded-2xl border border-line bg-surface"
      />
    );
  } else {
    list = (
      <ul
        aria-label={intl.formatMessage({ id: 'nodes.yourNodes', defaultMessage: 'Your nodes' })}
        className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
      >
        {nodes.data.nodes.map((node) => (
          <li key={node.id} className="flex">
            <NodeCard
              node={node}
              onRename={() => setAction({ kind: 'rename', node })}
              onRemove={() => setAction({ kind: 'remove', node })}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="flex flex-col gap-6">
      <PageHeading title={intl.formatMessage({ id: 'nodes.title', defaultMessage: 'Nodes' })}>
        {nodes.data && (
          <p className="text-sm text-ink-muted" data-testid="node-count">
            {intl.formatMessage(
              {
                id: 'nodes.count',
                defaultMessage: '{count, number} of {limit, plural, one {# node} other {# nodes}}',
              },
              { count: nodes.data.nodes.length, limit: nodes.data.limit },
            )}
          </p>
        )}
      </PageHeading>
      {list}
      <BrowserSpeedtestPanel nodes={nodes.data?.nodes} />
      <SpeedHistory nodes={nodes.data?.nodes ?? []} />
      {action?.kind === 'rename' && <RenameNodeDialog node={action.node} onClose={close} />}
      {action?.kind === 'remove' && <RemoveNodeDialog node={action.node} onClose={close} />}
    </section>
  );
}
