/**
 * What an answer's timing tells (docs/ARCHITECTURE.md section 6): forgot-password
 * takes as long for a known address as for an unknown one. Rounds of three
 * requests in a shuffled order (a known address, an unknown one, and the known
 * one again as the control) give three medians; the known and the unknown may
 * differ by no more than the control differs from itself, the noise of the
 * measurement, with a floor of a millisecond.
 */
import { performance } from 'node:perf_hooks';
import { expect, it } from 'vitest';
import { AUTH, signUpVerified } from '../helpers/auth-flow.ts';
import { useTestApp } from '../helpers/test-app.ts';

const ROUNDS = Number(process.env.TIMING_ROUNDS ?? 60);
const WARM_UP_ROUNDS = 5;
/**
 * Between requests, so the work a known address starts after its answer does not
 * slow whichever request comes next (the unknown one more often, as two of the
 * three are known): each answer is timed on an idle server, as a prober sees it.
 */
const PAUSE_MS = 25;
/**
 * The control's difference is one sample of the noise; on a busy 2-core machine
 * medians of the same work drift this far apart, so less is not held against the run.
 */
const FLOOR_MS = 1;

const t = useTestApp({ env: { RATE_LIMIT_DISABLED: 'true' } });

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function shuffled<T>(values: T[]): T[] {
  const copy = [...values];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

it(`forgot-password answers a known and an unknown address in the same time (median of ${ROUNDS})`, async () => {
  const person = await signUpVerified(t);
  const series = {
    known: person.email,
    unknown: 'nobody-here@example.com',
    control: person.email,
  };
  const times: Record<keyof typeof series, number[]> = { known: [], unknown: [], control: [] };
  for (let round = 0; round < WARM_UP_ROUNDS + ROUNDS; round++) {
    for (const name of shuffled(Object.keys(series) as (keyof typeof series)[])) {
      const started = performance.now();
      const response = await t.app.inject({
        method: 'POST',
        url: `${AUTH}/forgot-password`,
        payload: { email: series[name] },
      });
      const elapsed = performance.now() - started;
      expect(response.statusCode).toBe(200);
      if (round >= WARM_UP_ROUNDS) times[name].push(elapsed);
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
  }
  const known = median(times.known);
  const unknown = median(times.unknown);
  const noise = Math.abs(median(times.control) - known);
  const allowed = Math.max(noise, FLOOR_MS);
  console.log(
    `forgot-password timing: known ${known.toFixed(2)} ms, unknown ${unknown.toFixed(2)} ms ` +
      `(medians of ${ROUNDS}); same-address control differs by ${noise.toFixed(2)} ms, ` +
      `allowed ${allowed.toFixed(2)} ms`,
  );
  expect(Math.abs(known - unknown)).toBeLessThanOrEqual(allowed);
});
