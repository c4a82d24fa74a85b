import { NODE_MESSAGES, NODE_SCREEN_TEXTS, type NetworkNode } from '@netpulse/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { apiFailureMessage } from '@/lib/api-error-message';
import { toast } from '@/lib/toast';
import { useRemoveNode } from '@/features/nodes/api/remove-node';

/** Asks before removing a node: its extension is signed out, its tests stay in the history. */
export function RemoveNodeDialog({ node, onClose }: { node: NetworkNode; onClose: () => void }) {
  const remove = useRemoveNode({
    onSuccess: () => {
      toast.success(NODE_MESSAGES.removed);
      onClose();
    },
    onError: (error) => toast.error(apiFailureMessage(error)),
  });
  return (
    <ConfirmDialog
      title={`Remove ${node.name}?`}
      effect={
        node.kind === 'browser'
          ? NODE_SCREEN_TEXTS.removeWarningBrowser
          : NODE_SCREEN_TEXTS.removeWarning
      }
      confirmLabel="Remove node"
      cannotBeUndone={NODE_SCREEN_TEXTS.removeCannotBeUndone}
      pending={remove.isPending}
      testId="remove-node-dialog"
      onClose={onClose}
      onConfirm={() => remove.mutate(node.id)}
    />
  );
}
