import { describe, expect, it } from 'vitest';
import { API_DATE_RANGE } from '../constants.ts';
import { transactionsQuerySchema } from './queries.ts';
import { referralStatusQuerySchema } from './referrals.ts';

const errorsOf = (query: Record<string, string>) => {
  const result = transactionsQuerySchema.safeParse(query);
  return result.success
    ? []
    : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('date filters', () => {
  it('accept the first and last day of the range and empty for no bound', () => {
    for (const schema of [transactionsQuerySchema, referralStatusQuerySchema]) {
      expect(
        schema.parse({ startDate: API_DATE_RANGE.first, endDate: API_DATE_RANGE.last }),
      ).toMatchObject({ startDate: API_DATE_RANGE.first, endDate: API_DATE_RANGE.last });
      expect(schema.parse({ startDate: '', endDate: '' })).toMatchObject({
        startDate: undefined,
        endDate: undefined,
      });
    }
  });

  it('refuse a day outside the range, naming the field and the range', () => {
    expect(errorsOf({ endDate: '9999-12-31' })).toEqual([
      ['endDate', 'endDate must be a day from 2000-01-01 to 2999-12-31'],
    ]);
    expect(errorsOf({ startDate: '0000-01-01' })).toEqual([
      ['startDate', 'startDate must be a day from 2000-01-01 to 2999-12-31'],
    ]);
    expect(errorsOf({ startDate: '1999-12-31' })).toHaveLength(1);
    expect(errorsOf({ endDate: '3000-01-01' })).toHaveLength(1);
  });

  it('refuse what is not a calendar day with one message, and an end before the start', () => {
    expect(errorsOf({ startDate: '2026-02-30' })).toEqual([
      ['startDate', 'startDate must be a date as YYYY-MM-DD'],
    ]);
    expect(errorsOf({ startDate: '2026-05-02', endDate: '2026-05-01' })).toEqual([
      ['endDate', 'endDate must not be before startDate'],
    ]);
  });
});
