import { describe, expect, it } from 'vitest';
import { bytesPerDaySeries } from './overview-series';

describe('bytesPerDaySeries', () => {
  it('aligns each type on the same days, with 0 where a type had none', () => {
    const result = bytesPerDaySeries([
      { day: '2026-03-02', type: 'speedtest_earning', points: 10 },
      { day: '2026-03-01', type: 'speedtest_earning', points: 5 },
      { day: '2026-03-02', type: 'daily_claim', points: 3 },
    ]);
    expect(result.days).toEqual(['2026-03-01', '2026-03-02']);
    expect(result.series).toEqual([
      { type: 'speedtest_earning', points: [5, 10] },
      { type: 'daily_claim', points: [0, 3] },
    ]);
  });

  it('is empty without credits', () => {
    expect(bytesPerDaySeries([])).toEqual({ days: [], series: [] });
  });
});
