import { NODE_SCREEN_TEXTS, type NetworkNode } from '@netpulse/shared';
import { useState } from 'react';
import { InstallExtensionLink } from '@/components/extension/install-extension-link';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { PageHeading } from '@/components/ui/page-heading';
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
  const nodes = useNodes();
  const [action, setAction] = useState<NodeAction>(null);
  const close = () => setAction(null);

  let list;
  if (nodes.isPending) {
    list = (
      <div
        role="status"
        aria-label="Loading your nodes…"
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
        message={NODE_SCREEN_TEXTS.listFailed}
        onRetry={() => void nodes.refetch()}
        className="rounded-2xl border border-line bg-surface"
      />
    );
  } else if (nodes.data.nodes.length === 0) {
    list = (
      <EmptyState
        message={NODE_SCREEN_TEXTS.emptyTitle}
        detail={NODE_SCREEN_TEXTS.emptyDetail}
        action={<InstallExtensionLink className="mt-2" />}
        className="rounded-2xl border border-line bg-surface"
      />
    );
  } else {
    list = (
      <ul aria-label="Your nodes" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
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
      <PageHeading title="Nodes">
        {nodes.data && (
          <p className="text-sm text-ink-muted" data-testid="node-count">
            {nodes.data.nodes.length} of {nodes.data.limit} nodes
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
