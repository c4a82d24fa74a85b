import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useIntl } from '@/lib/i18n/use-intl';
import { CloseIcon } from './signed-in-icons';

interface ModalProps {
  title: string;
  /** The modal asks to close: Escape, the close button or a click on the backdrop. */
  onClose: () => void;
  children: ReactNode;
  className?: string;
  testId?: string;
}

/**
 * A modal dialog, rendered while it is open: the browser's own modal `<dialog>`,
 * so the page behind is inert and Tab stays inside. It is labelled by its title,
 * focus moves in (to the close button) when it opens, Escape closes it, and
 * focus returns to the control that opened it.
 */
export function Modal({ title, onClose, children, className, testId }: ModalProps) {
  const intl = useIntl();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby={titleId}
      data-testid={testId}
      // Escape: the dialog closes through the screen's state, not by itself.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // Browsers may still close it themselves (e.g. a repeated Escape); keep the state in step.
      // The event comes a task later, so one from an earlier close (StrictMode's second
      // mount) finds the dialog open again and is ignored.
      onClose={(event) => {
        if (!event.currentTarget.open) onClose();
      }}
      // A click outside the panel lands on the dialog element itself (its backdrop).
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className={cn(
        'm-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-line bg-surface p-0 text-ink shadow-2xl shadow-black/50 backdrop:bg-black/70',
        className,
      )}
    >
      <div className="p-5 sm:p-6">
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold text-ink">
            {title}
          </h2>
          <button
            type="button"
            aria-label={intl.formatMessage({ id: 'ui.modal.close', defaultMessage: 'Close' })}
            onClick={onClose}
            className="-mt-1 -me-1 flex size-10 shrink-0 items-center justify-center rounded-lg text-ink-muted hover:bg-surface-raised hover:text-ink"
          >
            <CloseIcon />
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
