import { describe, expect, it } from 'vitest';
import { waitText, waitValues } from './messages.ts';

describe('waitText', () => {
  it('counts down a minute in seconds, longer waits in minutes and seconds', () => {
    expect(waitText(60)).toBe('60 s');
    expect(waitText(41.2)).toBe('42 s');
    expect(waitText(0)).toBe('0 s');
    expect(waitText(-3)).toBe('0 s');
    expect(waitText(91)).toBe('1 min 31 s');
    expect(waitText(55 * 60)).toBe('55 min');
  });

  it('gives the resend message its minutes and seconds, as waitText splits them', () => {
    expect(waitValues(42)).toEqual({ minutes: 0, seconds: 42 });
    expect(waitValues(90)).toEqual({ minutes: 0, seconds: 90 });
    expect(waitValues(91)).toEqual({ minutes: 1, seconds: 31 });
    expect(waitValues(55 * 60)).toEqual({ minutes: 55, seconds: 0 });
  });
});
