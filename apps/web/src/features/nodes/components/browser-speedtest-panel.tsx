import {
  formatClock,
  formatDateTime,
  formatDuration,
  formatLatency,
  formatMbps,
  speedtestWait,
  type NetworkNode,
  type SpeedtestWait,
} from '@netpulse/shared';
import { useState, type ReactNode } from 'react';
import type { PageFormatter } from '@/lib/i18n/active-locale';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { MissingValue } from '@/components/ui/missing-value';
import { Panel } from '@/components/ui/panel';
import { useNow } from '@/hooks/use-now';
import { formatPoints } from '@/lib/format-number';
import { translateText } from '@/lib/i18n/translate-text';
import { useIntl } from '@/lib/i18n/use-intl';
import { useSpeedtestQuota } from '@/features/nodes/api/get-speedtest-quota';
import { useBrowserSpeedtest } from '@/features/nodes/hooks/use-browser-speedtest';
import { SpeedGauge } from './speed-gauge';

/** How often the wait is read again: its words change by the minute. */
const CLOCK_MS = 15_000;

/**
 * Why the next test must wait, and until when (the shared `speedtestWaitText`'s sentences,
 * which the extension popup says in English); null when a test can run now.
 */
function waitSentence(wait: SpeedtestWait, intl: PageFormatter): string | null {
  switch (wait.kind) {
    case 'open':
      return null;
    case 'interval':
      return intl.formatMessage(
        { id: 'nodes.nextTestIn', defaultMessage: 'Next test in {duration}, at {time}.' },
        { duration: formatDuration(wait.remainingMs), time: formatDateTime(wait.opensAt) },
      );
    case 'daily-limit':
      return intl.formatMessage(
        {
          id: 'nodes.dailyLimitDone',
          defaultMessage:
            "{count, plural, one {Today's test is done.} other {Today's # tests are done.}} Tests open again at {clock} UTC, in {duration}.",
        },
        {
          count: wait.dailyLimit,
          clock: formatClock(wait.opensAt, 'UTC'),
          duration: formatDuration(wait.remainingMs),
        },
      );
  }
}

interface BrowserSpeedtestPanelProps {
  /** The account's nodes, once loaded: the page's node is found among them or registered. */
  nodes: readonly NetworkNode[] | undefined;
}

/**
 * "Run a speed test in this browser" (issue 17): counted against the same daily
 * limit and interval as the extension's tests. While the quota says the next
 * test cannot open yet, the button waits with the time it opens.
 */
export function BrowserSpeedtestPanel({ nodes }: BrowserSpeedtestPanelProps) {
  const intl = useIntl();
  const [shareLocation, setShareLocation] = useState(false);
  const quota = useSpeedtestQuota();
  const { state, run, running } = useBrowserSpeedtest();
  const now = useNow(CLOCK_MS);

  // `now` ticks every CLOCK_MS; a quota fetched since then is judged against the time it came,
  // so a test that may open now never shows a wait already over.
  const judgedAt = new Date(Math.max(now.getTime(), quota.dataUpdatedAt));
  const waitText = quota.data ? waitSentence(speedtestWait(quota.data, judgedAt), intl) : null;
  const waiting = waitText !== null;

  return (
    <Panel
      title={intl.formatMessage({
        id: 'nodes.browserTestTitle',
        defaultMessage: 'Speed test in this browser',
      })}
      testId="browser-speedtest"
    >
      <div className="flex flex-col gap-4">
        <p className="text-sm text-ink-muted">
          {quota.data
            ? intl.formatMessage(
                {
                  id: 'nodes.browserTestDetailCounted',
                  defaultMessage:
                    'Runs the same test as the extension, from this page: it counts against your daily limit ({credited} of {limit} today).',
                },
                { credited: quota.data.creditedToday, limit: quota.data.dailyLimit },
              )
            : intl.formatMessage({
                id: 'nodes.browserTestDetail',
                defaultMessage:
                  'Runs the same test as the extension, from this page: it counts against your daily limit.',
              })}
        </p>
        <Checkbox
          label={intl.formatMessage({
            id: 'nodes.shareLocation',
            defaultMessage: 'Share my location with this test (Location boost, 2x)',
          })}
          checked={shareLocation}
          disabled={running}
          onChange={(event) => setShareLocation(event.target.checked)}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button
            onClick={() => nodes && void run({ nodes, shareLocation })}
            disabled={!nodes || waiting}
            isLoading={running}
          >
            {intl.formatMessage({
              id: 'nodes.runBrowserTest',
              defaultMessage: 'Run a speed test in this browser',
            })}
          </Button>
          {waiting && !running && (
            <p className="text-sm text-ink-muted tabular-nums" data-testid="next-test-opens">
              {waitText}
            </p>
          )}
        </div>

        <div aria-live="polite" className="flex flex-col gap-3">
          {state.phase === 'preparing' && (
            <p className="text-sm text-ink-muted">
              {intl.formatMessage({ id: 'nodes.openingTest', defaultMessage: 'Opening a test…' })}
            </p>
          )}
          {(state.phase === 'download' || state.phase === 'upload') && (
            <SpeedGauge direction={state.phase} mbps={state.mbps} />
          )}
          {state.phase === 'completing' && (
            <p className="text-sm text-ink-muted">
              {intl.formatMessage({
                id: 'nodes.creditingTest',
                defaultMessage: 'Crediting the test…',
              })}
            </p>
          )}
          {state.phase === 'failed' && (
            <p role="alert" className="text-sm text-danger">
              {translateText(state.message, undefined, intl)}
            </p>
          )}
          {state.phase === 'done' && (
            <dl
              data-testid="browser-speedtest-result"
              className="grid grid-cols-2 gap-3 rounded-xl border border-line bg-surface-raised/50 p-4 sm:grid-cols-4"
            >
              <ResultFact
                label={intl.formatMessage({
                  id: 'dashboard.columnDownload',
                  defaultMessage: 'Download',
                })}
              >
                {formatMbps(state.result.download_mbps)}
              </ResultFact>
              <ResultFact
                label={intl.formatMessage({
                  id: 'dashboard.columnUpload',
                  defaultMessage: 'Upload',
                })}
              >
                {formatMbps(state.result.upload_mbps)}
              </ResultFact>
              <ResultFact
                label={intl.formatMessage({
                  id: 'dashboard.columnLatency',
                  defaultMessage: 'Latency',
                })}
              >
                {state.result.latency_ms === null ? (
                  <MissingValue
                    label={intl.formatMessage({
                      id: 'dashboard.notMeasured',
                      defaultMessage: 'Not measured',
                    })}
                  />
                ) : (
                  formatLatency(state.result.latency_ms)
                )}
              </ResultFact>
              <ResultFact
                label={intl.formatMessage({ id: 'nodes.earned', defaultMessage: 'Earned' })}
              >
                {intl.formatMessage(
                  { id: 'nodes.bytesAmount', defaultMessage: '{points} Bytes' },
                  { points: formatPoints(state.result.points) },
                )}
              </ResultFact>
            </dl>
          )}
        </div>
      </div>
    </Panel>
  );
}

function ResultFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium text-ink-muted">{label}</dt>
      <dd className="text-lg font-semibold text-ink tabular-nums">{children}</dd>
    </div>
  );
}
