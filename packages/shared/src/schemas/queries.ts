import { z } from 'zod';
import { API_DATE_RANGE, CYCLES, MAX_PAGE_SIZE, MAX_ROW_ID } from '../constants.ts';

/** A whole number from a query string, with a message that names the parameter. */
function wholeNumber(name: string, min: number, max: number) {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
}

/** A row's id from a path or a query string; anything else is `message` (no such row). */
export function rowIdParam(message: string) {
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(MAX_ROW_ID, { error: message });
}

/** `pageNumber` and `pageSize` of every list (docs/ARCHITECTURE.md section 4). */
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

/**
 * YYYY-MM-DD (a real calendar day within API_DATE_RANGE) or empty for "no
 * bound". The range keeps the day after an end date representable in SQL.
 */
export function apiDateField(name: string) {
  const { first, last } = API_DATE_RANGE;
  return z
    .string()
    .optional()
    .transform((text) => (text === undefined || text === '' ? undefined : text))
    .refine((text) => text === undefined || isCalendarDay(text), {
      error: `${name} must be a date as YYYY-MM-DD`,
      abort: true,
    })
    .refine((text) => text === undefined || (text >= first && text <= last), {
      error: `${name} must be a day from ${first} to ${last}`,
    });
}

/** The optional `startDate` and `endDate` of a list filtered by UTC days, both inclusive. */
const dateRangeShape = { startDate: apiDateField('startDate'), endDate: apiDateField('endDate') };

/** A query schema with a date range: `startDate` after `endDate` is refused. */
export function withDateRange<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ ...shape, ...dateRangeShape }).refine(
    // zod cannot see through the generic shape that the two dates are in the output.
    (q) => startNotAfterEnd(q as DateRange),
    { error: 'endDate must not be before startDate', path: ['endDate'] },
  );
}

interface DateRange {
  startDate?: string;
  endDate?: string;
}

function startNotAfterEnd(range: DateRange): boolean {
  return !range.startDate || !range.endDate || range.startDate <= range.endDate;
}

export const seasonFilterSchema = z
  .union([z.enum(CYCLES), z.literal('')], {
    error: `season must be one of ${CYCLES.join(', ')} or empty`,
  })
  .optional()
  .transform((season) => (season === '' ? undefined : season));

export const transactionsQuerySchema = withDateRange({
  ...pageQuerySchema.shape,
  season: seasonFilterSchema,
});
export type TransactionsQuery = z.infer<typeof transactionsQuerySchema>;
