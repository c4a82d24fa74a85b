import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useIntl } from '@/lib/i18n/use-intl';
import { Button } from './button';
import { CannotBeUndoneNote } from './cannot-be-undone-note';
import { Modal } from './modal';
import { TextField } from './text-field';

interface ConfirmDialogProps {
  title: string;
  /** What the action does, in a sentence: the person reads it before confirming. */
  effect: ReactNode;
  confirmLabel: string;
  /**
   * An action that cannot be undone: the confirm button is drawn as danger and this sentence,
   * naming what cannot be undone, stands out above the buttons.
   */
  cannotBeUndone?: string;
  /**
   * A word the person types before the confirm button is enabled (starting a cycle asks for
   * the cycle's name): exactly, case and all, so that a stray key press cannot confirm.
   */
  typeToConfirm?: string;
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
 * action, issue 18, and removing a node). Irreversible ones say what cannot be undone and
 * confirm with a danger button; the gravest also ask for a typed word.
 */
export function ConfirmDialog({
  title,
  effect,
  confirmLabel,
  cannotBeUndone,
  typeToConfirm,
  children,
  pending,
  onConfirm,
  onClose,
  testId = 'confirm-dialog',
}: ConfirmDialogProps) {
  const intl = useIntl();
  const [typed, setTyped] = useState('');
  const warningId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef);
  const confirmed = typeToConfirm === undefined || typed === typeToConfirm;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Enter in a field submits the form too: the typed word guards that path as well.
    if (!pending && confirmed) onConfirm();
  };
  return (
    <Modal title={title} onClose={onClose} testId={testId}>
      <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-5">
        <p className="text-sm text-ink-muted" data-testid="confirm-effect">
          {effect}
        </p>
        {children}
        {cannotBeUndone && (
          <CannotBeUndoneNote id={warningId} testId="confirm-cannot-undo">
            {cannotBeUndone}
          </CannotBeUndoneNote>
        )}
        {typeToConfirm !== undefined && (
          <TextField
            label={intl.formatMessage(
              { id: 'ui.confirmDialog.typeToConfirm', defaultMessage: 'Type {word} to confirm' },
              { word: typeToConfirm },
            )}
            name="typeToConfirm"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            data-testid="confirm-typed"
          />
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {intl.formatMessage({ id: 'ui.confirmDialog.cancel', defaultMessage: 'Cancel' })}
          </Button>
          <Button
            type="submit"
            variant={cannotBeUndone ? 'danger' : 'primary'}
            isLoading={pending}
            disabled={!confirmed}
            aria-describedby={cannotBeUndone ? warningId : undefined}
          >
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * Moves focus to the first field marked invalid whenever a field newly becomes so (the
 * dialog's own check or the server's answer), as react-hook-form's forms do on submit: the
 * person lands on what to fix.
 */
function useFocusFirstInvalid(formRef: RefObject<HTMLFormElement | null>) {
  const invalidBefore = useRef(new Set<Element>());
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const invalid = [...form.querySelectorAll<HTMLElement>('[aria-invalid="true"]')];
    const fresh = invalid.some((field) => !invalidBefore.current.has(field));
    invalidBefore.current = new Set(invalid);
    if (fresh) invalid[0]?.focus();
  });
}
