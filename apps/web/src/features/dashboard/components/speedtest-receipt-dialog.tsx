import {
  RECEIPT_TEXTS,
  receiptLines,
  type ReceiptLine,
  type SpeedtestReceipt,
} from '@netpulse/shared';
import type { PageFormatter } from '@/lib/i18n/active-locale';
import { ErrorState } from '@/components/ui/empty-state';
import { Modal } from '@/components/ui/modal';
import { LoadingState } from '@/components/ui/spinner';
import { Time } from '@/components/ui/time';
import { cn } from '@/lib/cn';
import { translateText } from '@/lib/i18n/translate-text';
import { useIntl } from '@/lib/i18n/use-intl';
import { useSpeedtestReceipt } from '@/features/dashboard/api/get-speedtest-receipt';
import { SpeedFacts } from './speed-cells';

/**
 * A line's words in the page's language: the lines that carry a number are messages of this
 * panel (the shared `RECEIPT_TEXTS.base` and the like say them in English); the others are
 * registered texts of the shared contract.
 */
function lineText(line: ReceiptLine, receipt: SpeedtestReceipt, intl: PageFormatter): string {
  switch (line.id) {
    case 'base':
      return intl.formatMessage(
        { id: 'receipt.base', defaultMessage: '{points, number} Bytes base' },
        { points: receipt.base_points },
      );
    case 'total':
      return intl.formatMessage(
        { id: 'receipt.total', defaultMessage: 'Total: {points, number} Bytes' },
        { points: receipt.points },
      );
    case 'referrer-commission':
      return intl.formatMessage(
        {
          id: 'receipt.referrerCommission',
          defaultMessage: 'Your referrer earned {points, number} Bytes commission from this test',
        },
        { points: receipt.referrer_commission ?? 0 },
      );
    default:
      return translateText(line.text, undefined, intl);
  }
}

/** The lines of a receipt, the total set apart: the base, each factor and why, the commission. */
export function ReceiptBody({ receipt }: { receipt: SpeedtestReceipt }) {
  const intl = useIntl();
  // The node's own name after the time: no words of the page's language.
  const node = receipt.node_name ? ` · ${receipt.node_name}` : '';
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-ink-muted">
        <Time iso={receipt.created_at} />
        {node}
      </p>
      <SpeedFacts row={receipt} />
      <ol
        aria-label={intl.formatMessage({
          id: 'receipt.howPointsAddUp',
          defaultMessage: 'How the points add up',
        })}
        className="flex flex-col gap-2"
      >
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
            <span>{lineText(line, receipt, intl)}</span>
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
  const intl = useIntl();
  const receipt = useSpeedtestReceipt(testId);
  return (
    <Modal
      title={translateText(RECEIPT_TEXTS.title, undefined, intl)}
      onClose={onClose}
      testId="speedtest-receipt"
    >
      {receipt.isPending ? (
        <LoadingState
          label={intl.formatMessage({
            id: 'receipt.loading',
            defaultMessage: 'Loading the receipt…',
          })}
          className="py-8"
        />
      ) : receipt.isError ? (
        <ErrorState
          message={translateText(RECEIPT_TEXTS.loadFailed, undefined, intl)}
          onRetry={() => void receipt.refetch()}
        />
      ) : (
        <ReceiptBody receipt={receipt.data} />
      )}
    </Modal>
  );
}
