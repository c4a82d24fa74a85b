import { afterAll, describe, expect, it, vi } from 'vitest';
import { formatNextTest } from './format.ts';

// A fixed zone, set before any Date is made: UTC+05:30 all year, so local and UTC differ.
vi.stubEnv('TZ', 'Asia/Kolkata');
afterAll(() => {
  vi.unstubAllEnvs();
});

describe('formatNextTest (local 24-hour time, decision 013)', () => {
  const now = new Date('2024-01-02T06:00:00Z'); // Tue 2024-01-02 11:30 in Kolkata

  it.each([
    ['2024-01-02T12:29:00Z', '17:59'],
    ['2024-01-02T00:29:00Z', '05:59'],
    ['2024-01-02T06:30:00Z', '12:00'],
  ])('%s today shows %s in a 12-hour locale too', (iso, text) => {
    expect(formatNextTest(iso, now, 'en-US')).toBe(text);
  });

  it('writes another day as its weekday and the 24-hour time', () => {
    // 18:50 UTC on Tuesday is 00:20 on Wednesday in Kolkata.
    expect(formatNextTest('2024-01-02T18:50:00Z', now, 'en-US')).toBe('Wed 00:20');
    expect(formatNextTest('2024-01-03T09:15:00Z', now, 'en-US')).toBe('Wed 14:45');
  });

  it('says when no test is planned', () => {
    expect(formatNextTest(null, now)).toBe('None planned today');
  });
});
