import { describe, expect, it } from 'vitest';
import { carriesProductName, nameCheckStep } from './name-quest-timer.ts';

const now = new Date('2026-03-10T12:00:00Z');
const DAY = 24 * 3600_000;

describe('the keep-name timer', () => {
  it('starts a 24 h timer at the first check that finds the name', () => {
    expect(nameCheckStep({ hasName: true, timerEnd: null, now, keepMs: DAY })).toEqual({
      outcome: 'started',
      timerEnd: new Date(now.getTime() + DAY),
    });
  });

  it('keeps the timer while it runs and verifies once it has ended', () => {
    const timerEnd = new Date(now.getTime() + 1000);
    expect(nameCheckStep({ hasName: true, timerEnd, now, keepMs: DAY })).toEqual({
      outcome: 'running',
      timerEnd,
    });
    const later = new Date(timerEnd.getTime());
    expect(nameCheckStep({ hasName: true, timerEnd, now: later, keepMs: DAY }).outcome).toBe(
      'verified',
    );
  });

  it('stops the timer when the name is gone, however far it ran', () => {
    const timerEnd = new Date(now.getTime() - 1000);
    expect(nameCheckStep({ hasName: false, timerEnd, now, keepMs: DAY })).toEqual({
      outcome: 'missing',
      timerEnd: null,
    });
  });

  it('finds the product name in any case, anywhere in the name', () => {
    expect(carriesProductName('Jane | NETPULSE', 'Netpulse')).toBe(true);
    expect(carriesProductName('netpulse.io fan', 'Netpulse')).toBe(true);
    expect(carriesProductName('Jane Net Pulse', 'Netpulse')).toBe(false);
  });
});
