import { describe, expect, it } from 'vitest';
import { explorerPeriods, LAST_30_DAYS } from './explorer-figures';

describe('the periods the explorer offers', () => {
  it('are the last 30 days, then this month and the eleven before, newest first', () => {
    const periods = explorerPeriods(new Date('2026-02-14T23:00:00Z'));
    expect(periods[0]).toBe(LAST_30_DAYS);
    expect(periods.slice(1, 4)).toEqual(['2026-02', '2026-01', '2025-12']);
    expect(periods).toHaveLength(13);
    expect(periods.at(-1)).toBe('2025-03');
  });
});
