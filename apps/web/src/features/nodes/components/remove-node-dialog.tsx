import { NODE_MESSAGES, NODE_SCREEN_TEXTS, type NetworkNode } from '@netpulse/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { apiFailureMessage } from '@/lib/api-error-message';
import { translateText } from '@/lib/i18n/translate-text';
import { useIntl } from '@/lib/i18n/use-intl';
import { toast } from '@/lib/toast';
import { useRemoveNode } from '@/features/nodes/api/remove-node';

/** Asks before removing a node: its extension is signed out, its tests stay in the history. */
export function RemoveNodeDialog({ node, onClose }: { node: NetworkNode; onClose: () => void }) {
  const intl = useIntl();
  const remove = useRemoveNode({
    onSuccess: () => {
      toast.success(NODE_MESSAGES.removed);
      onClose();
    },
    onError: (error) => toast.error(apiFailureMessage(error)),
  });
  return (
    <ConfirmDialog
      title={intl.formatMessage(
        { id: 'nodes.removeTitle', defaultMessage: 'Remove {name}?' },
        { name: node.name },
      )}
      effect={translateText(
        node.kind === 'browser'
          ? NODE_SCREEN_TEXTS.removeWarningBrowser
          : NODE_SCREEN_TEXTS.removeWarning,
        undefined,
        intl,
      )}
      confirmLabel={intl.formatMessage({
        id: 'nodes.removeConfirm',
        defaultMessage: 'Remove node',
      })}
      cannotBeUndone={translateText(NODE_SCREEN_TEXTS.removeCannotBeUndone, undefined, intl)}
      pending={remove.isPending}
      testId="remove-node-dialog"
      onClose={onClose}
      onConfirm={() => remove.mutate(node.id)}
    />
  );
}
