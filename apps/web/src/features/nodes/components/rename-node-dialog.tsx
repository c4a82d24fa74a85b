import { zodResolver } from '@hookform/resolvers/zod';
import { NODE_MESSAGES, renameNodeRequestSchema, type NetworkNode } from '@netpulse/shared';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { showFormFailure } from '@/lib/form-failure';
import { useIntl } from '@/lib/i18n/use-intl';
import { toast } from '@/lib/toast';
import { useRenameNode } from '@/features/nodes/api/rename-node';

/** Renames a node: its name checked with the shared nodeNameSchema, as the server checks it. */
export function RenameNodeDialog({ node, onClose }: { node: NetworkNode; onClose: () => void }) {
  const intl = useIntl();
  const form = useForm({
    resolver: zodResolver(renameNodeRequestSchema),
    mode: 'onTouched',
    defaultValues: { name: node.name },
  });
  const rename = useRenameNode({
    onSuccess: () => {
      toast.success(NODE_MESSAGES.renamed);
      onClose();
    },
    onError: (error) =>
      showFormFailure(error, {
        setError: form.setError,
        fields: ['name'],
      }),
  });
  const onSubmit = form.handleSubmit(({ name }) => rename.mutate({ nodeId: node.id, name }));

  return (
    <Modal
      title={intl.formatMessage({ id: 'nodes.renameTitle', defaultMessage: 'Rename node' })}
      onClose={onClose}
      testId="rename-node-dialog"
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <TextField
          label={intl.formatMessage({ id: 'nodes.nodeName', defaultMessage: 'Node name' })}
          autoComplete="off"
          error={form.formState.errors.name?.message}
          {...form.register('name')}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {intl.formatMessage({ id: 'nodes.cancel', defaultMessage: 'Cancel' })}
          </Button>
          <Button type="submit" isLoading={rename.isPending}>
            {intl.formatMessage({ id: 'nodes.save', defaultMessage: 'Save' })}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
