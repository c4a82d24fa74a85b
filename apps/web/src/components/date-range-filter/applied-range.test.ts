import { describe, expect, it } from 'vitest';
import { appliedRange, NO_DATE_RANGE, rangeInputText, sameDateRange } from './applied-range';

const day = (year: number, month: number, date: number) => new Date(year, month - 1, date);

describe('appliedRange', () => {
  it('applies a range whose two ends are set and differ', () => {
    expect(appliedRange({ from: day(2026, 3, 1), to: day(2026, 3, 15) })).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-15',
    });
  });

  it('sends empty strings while a bound is missing', () => {
    expect(appliedRange(undefined)).toEqual(NO_DATE_RANGE);
    expect(appliedRange({})).toEqual(NO_DATE_RANGE);
    expect(appliedRange({ from: day(2026, 3, 1) })).toEqual(NO_DATE_RANGE);
    expect(appliedRange({ to: day(2026, 3, 1) })).toEqual(NO_DATE_RANGE);
  });

  it('sends empty strings when the start is the end, whatever the time of day', () => {
    expect(appliedRange({ from: day(2026, 3, 1), to: day(2026, 3, 1) })).toEqual(NO_DATE_RANGE);
    expect(
      appliedRange({ from: new Date(2026, 2, 1, 0, 5), to: new Date(2026, 2, 1, 23, 59) }),
    ).toEqual(NO_DATE_RANGE);
  });

  it('orders the bounds', () => {
    expect(appliedRange({ from: day(2026, 3, 15), to: day(2026, 3, 1) })).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-15',
    });
  });
});

describe('rangeInputText', () => {
  it('reads YYYY-MM-DD - YYYY-MM-DD, the same days the API is sent', () => {
    const picked = { from: day(2026, 3, 1), to: day(2026, 12, 25) };
    expect(rangeInputText(picked)).toBe('2026-03-01 - 2026-12-25');
    const applied = appliedRange(picked);
    expect(rangeInputText(picked)).toBe(`${applied.startDate} - ${applied.endDate}`);
  });

  it('leaves the end blank until it is picked, and is empty with nothing picked', () => {
    expect(rangeInputText({ from: day(2026, 3, 1) })).toBe('2026-03-01 - ');
    expect(rangeInputText(undefined)).toBe('');
  });
});

describe('sameDateRange', () => {
  it('compares both bounds', () => {
    expect(sameDateRange(NO_DATE_RANGE, { startDate: '', endDate: '' })).toBe(true);
    expect(sameDateRange(NO_DATE_RANGE, { startDate: '2026-01-01', endDate: '' })).toBe(false);
  });
});
