import { describe, expect, it } from 'vitest';
import { formatPoints } from './format-number';

describe('formatPoints', () => {
  it('groups thousands and keeps at most two decimals', () => {
    expect(formatPoints(0)).toBe('0');
    expect(formatPoints(12345)).toBe('12,345');
    expect(formatPoints(4520.5)).toBe('4,520.5');
    expect(formatPoints(1.239)).toBe('1.24');
  });
});
