import {
  FRAUD_WINDOWS,
  SHARED_ADDRESS_MIN_ACCOUNTS,
  type FraudSignal,
  type FraudWindow,
} from '@netpulse/shared/admin';
import { useState } from 'react';
import { defineMessages } from '@netpulse/i18n';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { PageHeading } from '@/components/ui/page-heading';
import { Panel } from '@/components/ui/panel';
import { SelectField } from '@/components/ui/select-field';
import { LoadingState } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { useIntl } from '@/lib/i18n/use-intl';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useFraudSignals } from '@/features/admin/api/get-fraud-signals';
import { FRAUD_KIND_LABELS } from '@/features/admin/console-texts';
import { selectedOf, toggleId } from '@/lib/selection';
import { BulkBanDialog } from './bulk-ban-dialog';
import { SelectAll, SelectBox } from '@/components/ui/select-box';
import { ClampedText } from '@/components/ui/clamped-text';

const WINDOW_LABELS = defineMessages({
  '24h': { id: 'console.fraud.last24Hours', defaultMessage: 'Last 24 hours' },
  '7d': { id: 'console.fraud.last7Days', defaultMessage: 'Last 7 days' },
}) satisfies Record<FraudWindow, unknown>;

const isWindow = (value: string): value is FraudWindow =>
  (FRAUD_WINDOWS as readonly string[]).includes(value);

/** Fraud signals: shared addresses, referral rings and implausible nodes, each with a bulk ban. */
export function FraudScreen() {
  const intl = useIntl();
  const [window, setWindow] = useState<FraudWindow>('24h');
  const [minInput, setMinInput] = useState(String(SHARED_ADDRESS_MIN_ACCOUNTS));
  const minParsed = Number(minInput);
  const minValid = Number.isInteger(minParsed) && minParsed >= 1 && minParsed <= 1000;
  const minAccounts = useDebouncedValue(minValid ? minParsed : SHARED_ADDRESS_MIN_ACCOUNTS, 300);
  const signals = useFraudSignals({ window, minAccounts });
  const list = signals.data?.signals ?? [];

  return (
    <section className="flex flex-col gap-6">
      <PageHeading
        title={intl.formatMessage({ id: 'console.nav.fraud', defaultMessage: 'Fraud signals' })}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <SelectField
          label={intl.formatMessage({ id: 'console.fraud.window', defaultMessage: 'Window' })}
          options={FRAUD_WINDOWS.map((value) => ({
            value,
            label: intl.formatMessage(WINDOW_LABELS[value]),
          }))}
          value={window}
          data-testid="fraud-window"
          onChange={(event) => isWindow(event.target.value) && setWindow(event.target.value)}
          className="sm:w-48"
        />
        <TextField
          label={intl.formatMessage({
            id: 'console.fraud.minAccounts',
            defaultMessage: 'Shared by more than (accounts)',
          })}
          type="number"
          min={1}
          max={1000}
          value={minInput}
          data-testid="fraud-min-accounts"
          error={
            minValid
              ? undefined
              : intl.formatMessage(
                  {
                    id: 'console.fraud.minAccountsInvalid',
                    defaultMessage: 'A whole number from {min, number} to {max, number}',
                  },
                  { min: 1, max: 1000 },
                )
          }
          onChange={(event) => setMinInput(event.target.value)}
          className="sm:w-64"
        />
      </div>
      {signals.isError ? (
        <ErrorState
          message={intl.formatMessage({
            id: 'console.fraud.loadFailed',
            defaultMessage: 'The fraud signals could not be loaded.',
          })}
          onRetry={() => void signals.refetch()}
        />
      ) : signals.isPending || (signals.isFetching && list.length === 0) ? (
        <LoadingState
          label={intl.formatMessage({
            id: 'console.fraud.loading',
            defaultMessage: 'Looking for fraud signals…',
          })}
        />
      ) : list.length === 0 ? (
        <EmptyState
          message={intl.formatMessage({
            id: 'console.fraud.empty',
            defaultMessage: 'No fraud signals in this window.',
          })}
          detail={intl.formatMessage({
            id: 'console.fraud.emptyDetail',
            defaultMessage: 'Shared addresses, referral rings and implausible nodes show here.',
          })}
        />
      ) : (
        <div className="flex flex-col gap-4" aria-busy={signals.isFetching || undefined}>
          {list.map((signal) => (
            <SignalPanel key={`${signal.kind}:${signal.key}`} signal={signal} />
          ))}
        </div>
      )}
    </section>
  );
}

function SignalPanel({ signal }: { signal: FraudSignal }) {
  const intl = useIntl();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [banning, setBanning] = useState(false);
  // Banned accounts are shown, not chosen: there is nothing left to do to them.
  const ids = signal.accounts.filter((account) => !account.banned).map((account) => account.id);
  const chosen = selectedOf(selected, ids);
  const usernames = signal.accounts
    .filter((account) => chosen.includes(account.id))
    .map((account) => account.username);

  return (
    <Panel
      title={signal.summary}
      testId={`fraud-signal-${signal.kind}`}
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <Badge>{intl.formatMessage(FRAUD_KIND_LABELS[signal.kind])}</Badge>
          <SelectAll ids={ids} selected={selected} onChange={setSelected} />
          <Button
            variant="secondary"
            disabled={chosen.length === 0}
            onClick={() => setBanning(true)}
          >
            {chosen.length === 0
              ? intl.formatMessage({
                  id: 'console.fraud.banSelectedNone',
                  defaultMessage: 'Ban selected',
                })
              : intl.formatMessage(
                  {
                    id: 'console.fraud.banSelected',
                    defaultMessage: 'Ban {count, number} selected',
                  },
                  { count: chosen.length },
                )}
          </Button>
        </div>
      }
    >
      <ul className="flex flex-col divide-y divide-line rounded-xl border border-line">
        {signal.accounts.map((account) => (
          <li key={account.id} className="flex items-start gap-3 px-4 py-3">
            <span className="pt-0.5">
              <SelectBox
                label={intl.formatMessage(
                  { id: 'console.selectUser', defaultMessage: 'Select {username}' },
                  { username: account.username },
                )}
                disabled={account.banned}
                checked={selected.has(account.id)}
                onChange={() => setSelected((current) => toggleId(current, account.id))}
              />
            </span>
            <div className="flex min-w-0 flex-col gap-1">
              <span className="flex flex-wrap items-center gap-2">
                <TextLink to={paths.adminUser.href(account.id)} className="min-w-0">
                  <ClampedText text={account.username} inControl />
                </TextLink>
                {account.banned && (
                  <Badge className="border-danger/50 bg-danger/10 text-danger">
                    {intl.formatMessage({ id: 'console.status.banned', defaultMessage: 'Banned' })}
                  </Badge>
                )}
              </span>
              <ul className="flex flex-col gap-0.5 text-sm text-ink-muted">
                {account.evidence.map((line) => (
                  <li key={line} className="break-words">
                    {line}
                  </li>
                ))}
              </ul>
            </div>
          </li>
        ))}
      </ul>
      {banning && (
        <BulkBanDialog
          userIds={chosen}
          usernames={usernames}
          onDone={() => setSelected(new Set())}
          onClose={() => setBanning(false)}
        />
      )}
    </Panel>
  );
}
