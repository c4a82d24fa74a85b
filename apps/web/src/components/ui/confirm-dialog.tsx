import type { FormEvent, ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

interface ConfirmDialogProps {
  title: string;
  /** What the action does, in a sentence: the person reads it before confirming. */
  effect: ReactNode;
  confirmLabel: string;
  /** The action's own inputs (a reason, a number), between the effect and the buttons. */
  children?: ReactNode;
  pending: boolean;
  /** The form was submitted: the fields are the caller's to read and check. */
  onConfirm: () => void;
  onClose: () => void;
  testId?: string;
}

/**
 * An action that asks first: a dialog naming its effect, Cancel and the action (every console
 * action, issue 18, and removing a node).
 */
export function ConfirmDialog({
  title,
  effect,
  confirmLabel,
  children,
  pending,
  onConfirm,
  onClose,
  testId = 'confirm-dialog',
}: ConfirmDialogProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) onConfirm();
  };
  return (
    <Modal title={title} onClose={onClose} testId={testId}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <p className="text-sm text-ink-muted" data-testid="confirm-effect">
          {effect}
        </p>
        {children}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={pending}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
