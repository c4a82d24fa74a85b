import { describe, expect, it } from 'vitest';
import { API_DATE_RANGE, MAX_ROW_ID } from '../constants.ts';
import { adminBulkBanSchema, auditQuerySchema } from './admin.ts';
import { rowIdParam, transactionsQuerySchema } from './queries.ts';
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

describe('row ids', () => {
  it('take every id a PostgreSQL integer holds, and refuse the next one as no such row', () => {
    const id = rowIdParam('No such row');
    expect(id.parse('1')).toBe(1);
    expect(id.parse(String(MAX_ROW_ID))).toBe(MAX_ROW_ID);
    for (const refused of [String(MAX_ROW_ID + 1), '0', '-1', '1.5', 'abc', '1e10']) {
      const result = id.safeParse(refused);
      expect(result.success, refused).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(['No such row']);
    }
  });

  it('bound the console bodies and filters that name accounts', () => {
    const ban = { reason: 'farm', userIds: [MAX_ROW_ID + 1] };
    expect(adminBulkBanSchema.safeParse(ban).success).toBe(false);
    expect(adminBulkBanSchema.safeParse({ ...ban, userIds: [MAX_ROW_ID] }).success).toBe(true);
    expect(auditQuerySchema.safeParse({ adminId: String(MAX_ROW_ID + 1) }).success).toBe(false);
  });
});
