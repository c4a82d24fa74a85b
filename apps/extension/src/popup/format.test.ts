import { describe, expect, it } from 'vitest';
import { formatNextTest, formatResultLatency } from './format.ts';

describe('formatNextTest (the one clock, decision 031)', () => {
  it('writes the planned test as YYYY-MM-DD HH:mm in the zone, on the 24-hour clock', () => {
    expect(formatNextTest('2024-01-02T12:29:00Z', 'Asia/Kolkata')).toBe('2024-01-02 17:59');
    expect(formatNextTest('2024-01-02T00:29:00Z', 'Asia/Kolkata')).toBe('2024-01-02 05:59');
    // Another day reads as its date, not a weekday: 18:50 UTC is 00:20 the next day in Kolkata.
    expect(formatNextTest('2024-01-02T18:50:00Z', 'Asia/Kolkata')).toBe('2024-01-03 00:20');
  });

  it('says when no test is planned', () => {
    expect(formatNextTest(null)).toBe('None planned today');
  });
});

describe('formatResultLatency (as the web page writes it)', () => {
  it('reads "< 1 ms" below a millisecond and whole ms otherwise', () => {
    expect(formatResultLatency(0.4)).toBe('< 1 ms');
    expect(formatResultLatency(0.9)).toBe('< 1 ms');
    expect(formatResultLatency(18.4)).toBe('18 ms');
    expect(formatResultLatency(null)).toBe('—');
  });
});
