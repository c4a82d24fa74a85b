import { RECEIPT_TEXTS, receiptLines, type SpeedtestReceipt } from '@netpulse/shared';
import { ErrorState } from '@/components/ui/empty-state';
import { Modal } from '@/components/ui/modal';
import { LoadingState } from '@/components/ui/spinner';
import { Time } from '@/components/ui/time';
import { cn } from '@/lib/cn';
import { useSpeedtestReceipt } from '@/features/dashboard/api/get-speedtest-receipt';
import { SpeedFacts } from './speed-cells';

/** The lines of a receipt, the total set apart: the base, each factor and why, the commission. */
export function ReceiptBody({ receipt }: { receipt: SpeedtestReceipt }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-ink-muted">
        <Time iso={receipt.created_at} />
        {receipt.node_name ? ` · ${receipt.node_name}` : ''}
      </p>
      <SpeedFacts row={receipt} />
      <ol aria-label="How the points add up" className="flex flex-col gap-2">
        {receiptLines(receipt).map((line) => (
          <li
            key={line.id}
            data-receipt-line={line.id}
            className={cn(
              'flex items-start justify-between gap-4 rounded-xl px-4 py-2.5 text-sm',
              line.id === 'total'
                ? 'border border-accent/40 bg-accent/10 font-semibold text-ink'
                : 'border border-line bg-surface-raised/50 text-ink-muted',
            )}
          >
            <span>{line.text}</span>
            {line.multiplier && (
              <span className="shrink-0 font-semibold text-accent-strong">{line.multiplier}</span>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The receipt panel of one Network Statistics row (issue 17). */
export function SpeedtestReceiptDialog({
  testId,
  onClose,
}: {
  testId: string;
  onClose: () => void;
}) {
  const receipt = useSpeedtestReceipt(testId);
  return (
    <Modal title={RECEIPT_TEXTS.title} onClose={onClose} testId="speedtest-receipt">
      {receipt.isPending ? (
        <LoadingState label="Loading the receipt…" className="py-8" />
      ) : receipt.isError ? (
        <ErrorState message={RECEIPT_TEXTS.loadFailed} onRetry={() => void receipt.refetch()} />
      ) : (
        <ReceiptBody receipt={receipt.data} />
      )}
    </Modal>
  );
}
