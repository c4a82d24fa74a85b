import { NODE_MESSAGES, NODE_SCREEN_TEXTS, type NetworkNode } from '@netpulse/shared';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
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
    <Modal title={`Remove ${node.name}?`} onClose={onClose} testId="remove-node-dialog">
      <p className="mb-5 text-sm text-ink-muted">
        {node.kind === 'browser'
          ? NODE_SCREEN_TEXTS.removeWarningBrowser
          : NODE_SCREEN_TEXTS.removeWarning}
      </p>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button isLoading={remove.isPending} onClick={() => remove.mutate(node.id)}>
          Remove node
        </Button>
      </div>
    </Modal>
  );
}
