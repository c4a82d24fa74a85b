import { z } from 'zod';
import { CYCLES, MAX_PAGE_SIZE } from '../constants.ts';

/** A whole number from a query string, with a message that names the parameter. */
function wholeNumber(name: string, min: number, max: number) {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
}

/** `pageNumber` and `pageSize` of every list (ARCHITECTURE.md section 4). */
export const pageQuerySchema = z.object({
  pageNumber: wholeNumber('pageNumber', 1, 1_000_000).default(1),
  pageSize: wholeNumber('pageSize', 1, MAX_PAGE_SIZE).default(10),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

const API_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for YYYY-MM-DD naming a real calendar day (not 2024-13-01, not 2024-02-30). */
function isCalendarDay(text: string): boolean {
  if (!API_DATE.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  // An impossible month is an Invalid Date, whose toISOString() throws.
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
}

/** YYYY-MM-DD (a real calendar day) or empty for "no bound". */
export function apiDateField(name: string) {
  return z
    .string()
    .optional()
    .transform((text) => (text === undefined || text === '' ? undefined : text))
    .refine((text) => text === undefined || isCalendarDay(text), {
      error: `${name} must be a date as YYYY-MM-DD`,
    });
}

/** Optional UTC-day bounds, both inclusive; `startDate` after `endDate` is refused. */
export const dateRangeQuerySchema = z
  .object({ startDate: apiDateField('startDate'), endDate: apiDateField('endDate') })
  .refine((range) => !range.startDate || !range.endDate || range.startDate <= range.endDate, {
    error: 'endDate must not be before startDate',
    path: ['endDate'],
  });

export const seasonFilterSchema = z
  .union([z.enum(CYCLES), z.literal('')], {
    error: `season must be one of ${CYCLES.join(', ')} or empty`,
  })
  .optional()
  .transform((season) => (season === '' ? undefined : season));

export const transactionsQuerySchema = z
  .object({
    ...pageQuerySchema.shape,
    startDate: apiDateField('startDate'),
    endDate: apiDateField('endDate'),
    season: seasonFilterSchema,
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    error: 'endDate must not be before startDate',
    path: ['endDate'],
  });
export type TransactionsQuery = z.infer<typeof transactionsQuerySchema>;
