/**
 * When the extension runs its speed tests (docs/ARCHITECTURE.md section 5: the
 * daily limit's tests at random times of the UTC day). Pure: the caller passes
 * the time and the random source, so a plan can be checked in a test.
 */
import { nextUtcMidnight } from '@netpulse/shared';

/** Least time between two planned tests, whatever the server allows: the extension never floods it. */
export const MIN_TEST_GAP_MS = 15 * 60_000;
/** A fresh plan starts this long after planning, so a browser start or sign-in is not slowed by a test. */
export const PLAN_START_DELAY_MS = 5 * 60_000;
/** No test this close to midnight UTC: it should count on the day it was planned for. */
export const DAY_END_MARGIN_MS = 5 * 60_000;

export interface DayPlanInput {
  /** The plan covers what is left of this instant's UTC day. */
  now: Date;
  dailyLimit: number;
  /** Tests already credited today (the server's count). */
  doneToday: number;
  /** The server's least interval between two tests, in ms; the plan keeps at least MIN_TEST_GAP_MS. */
  serverMinIntervalMs?: number;
  /** No test before this (e.g. the server's next allowed time); `now` + PLAN_START_DELAY_MS at the earliest. */
  notBefore?: Date;
  /** Uniform in [0, 1). */
  random: () => number;
}

/**
 * The times (ms since the epoch, ascending) of the tests still to run today:
 * `dailyLimit - doneToday` of them, fewer when what is left of the day cannot
 * hold them at the required gap. Uniformly random otherwise: n sorted uniform
 * offsets in the window shortened by the gaps, then each pushed by its gaps.
 */
export function planDay(input: DayPlanInput): number[] {
  const gap = Math.max(MIN_TEST_GAP_MS, input.serverMinIntervalMs ?? 0);
  const start = Math.max(
    input.now.getTime() + PLAN_START_DELAY_MS,
    input.notBefore?.getTime() ?? -Infinity,
  );
  const end = nextUtcMidnight(input.now).getTime() - DAY_END_MARGIN_MS;
  const wanted = Math.max(0, Math.floor(input.dailyLimit) - input.doneToday);
  if (wanted === 0 || end <= start) return [];

  const window = end - start;
  const count = Math.min(wanted, Math.floor(window / gap) + 1);
  const slack = window - (count - 1) * gap;
  const offsets = Array.from({ length: count }, () => input.random() * slack).sort((a, b) => a - b);
  return offsets.map((offset, index) => Math.round(start + offset + index * gap));
}

/** Jitter of the daily re-plan, so extensions do not all call the server at midnight. */
export const NEW_DAY_JITTER_MS = 30 * 60_000;

/** When to plan the next UTC day: a random moment in its first half hour. */
export function newDayPlanningAt(now: Date, random: () => number): number {
  return nextUtcMidnight(now).getTime() + Math.round(random() * NEW_DAY_JITTER_MS);
}

/**
 * Keeps today's plan in step with the server's count: drops past times, keeps
 * the earliest when tests ran outside the plan (Run test now, another device),
 * and plans anew when times are missing (the browser was closed through some).
 */
export function reconcilePlan(
  planned: readonly number[],
  input: DayPlanInput,
): { times: number[]; replanned: boolean } {
  const now = input.now.getTime();
  const remaining = Math.max(0, input.dailyLimit - input.doneToday);
  const future = planned.filter((time) => time > now);
  if (future.length >= remaining) return { times: future.slice(0, remaining), replanned: false };
  return { times: planDay(input), replanned: true };
}

/**
 * The next test the extension will run, ms since the epoch: a pending retry
 * comes first, else the plan's first time; undefined when none is planned.
 */
export function nextPlannedTestAt(
  plan: { times: readonly number[] } | undefined,
  retry: { at: number } | undefined,
): number | undefined {
  return retry?.at ?? plan?.times[0];
}
