import {
  formatLatency,
  formatMbps,
  speedtestWait,
  speedtestWaitText,
  type NetworkNode,
} from '@netpulse/shared';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { MissingValue } from '@/components/ui/missing-value';
import { Panel } from '@/components/ui/panel';
import { useNow } from '@/hooks/use-now';
import { formatPoints } from '@/lib/format-number';
import { useSpeedtestQuota } from '@/features/nodes/api/get-speedtest-quota';
import { useBrowserSpeedtest } from '@/features/nodes/hooks/use-browser-speedtest';
import { SpeedGauge } from './speed-gauge';

/** How often the wait is read again: its words change by the minute. */
const CLOCK_MS = 15_000;

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
  const [shareLocation, setShareLocation] = useState(false);
  const quota = useSpeedtestQuota();
  const { state, run, running } = useBrowserSpeedtest();
  const now = useNow(CLOCK_MS);

  // `now` ticks every CLOCK_MS; a quota fetched since then is judged against the time it came,
  // so a test that may open now never shows a wait already over.
  const judgedAt = new Date(Math.max(now.getTime(), quota.dataUpdatedAt));
  const waitText = quota.data ? speedtestWaitText(speedtestWait(quota.data, judgedAt)) : null;
  const waiting = waitText !== null;

  return (
    <Panel title="Speed test in this browser" testId="browser-speedtest">
      <div className="flex flex-col gap-4">
        <p className="text-sm text-ink-muted">
          Runs the same test as the extension, from this page: it counts against your daily limit
          {quota.data ? ` (${quota.data.creditedToday} of ${quota.data.dailyLimit} today)` : ''}.
        </p>
        <Checkbox
          label="Share my location with this test (Location boost, 2x)"
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
            Run a speed test in this browser
          </Button>
          {waiting && !running && (
            <p className="text-sm text-ink-muted tabular-nums" data-testid="next-test-opens">
              {waitText}
            </p>
          )}
        </div>

        <div aria-live="polite" className="flex flex-col gap-3">
          {state.phase === 'preparing' && <p className="text-sm text-ink-muted">Opening a test…</p>}
          {(state.phase === 'download' || state.phase === 'upload') && (
            <SpeedGauge direction={state.phase} mbps={state.mbps} />
          )}
          {state.phase === 'completing' && (
            <p className="text-sm text-ink-muted">Crediting the test…</p>
          )}
          {state.phase === 'failed' && (
            <p role="alert" className="text-sm text-danger">
              {state.message}
            </p>
          )}
          {state.phase === 'done' && (
            <dl
              data-testid="browser-speedtest-result"
              className="grid grid-cols-2 gap-3 rounded-xl border border-line bg-surface-raised/50 p-4 sm:grid-cols-4"
            >
              <ResultFact label="Download">{formatMbps(state.result.download_mbps)}</ResultFact>
              <ResultFact label="Upload">{formatMbps(state.result.upload_mbps)}</ResultFact>
              <ResultFact label="Latency">
                {state.result.latency_ms === null ? (
                  <MissingValue />
                ) : (
                  formatLatency(state.result.latency_ms)
                )}
              </ResultFact>
              <ResultFact label="Earned">{formatPoints(state.result.points)} Bytes</ResultFact>
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
