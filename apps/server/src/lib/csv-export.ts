/**
 * A list exported as a CSV download (docs/ARCHITECTURE.md section 8): the header
 * row, then the rows as the database hands them over a chunk at a time,
 * written to the reply as a stream, so memory stays one chunk whatever the
 * list's size (docs/decisions/019).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { utcDayKey } from '@netpulse/shared';
import { csvHeader, csvLines, type CsvColumn } from './csv.ts';
import type { ExportSlots } from './export-slots.ts';
import { fileNamePart } from './file-name.ts';
import { rateLimit } from './rate-limit.ts';
import { sendStreamedExport } from './streamed-export.ts';

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

export interface CsvExport<Row> {
  fileName: string;
  /** Each column's header and what of a row it shows. */
  columns: readonly CsvColumn<Row>[];
  /** The rows, a chunk at a time; stops reading once the signal aborts. */
  chunks: (signal: AbortSignal) => AsyncGenerator<Row[]>;
}

/**
 * `<product>-<list>[-<scope>]-<from>-to-<to>.csv`: from is the start day or
 * `all`, to is the end day or, without one, today (UTC), the day the file was made.
 */
export function exportFileName(
  productName: string,
  list: string,
  range: { startDate?: string; endDate?: string; scope?: string },
  now: Date,
): string {
  const parts = [fileNamePart(productName) || 'export', list];
  if (range.scope) parts.push(fileNamePart(range.scope));
  parts.push(range.startDate ?? 'all', 'to', range.endDate ?? utcDayKey(now));
  return `${parts.join('-')}.csv`;
}

export const CSV_EXPORT_MESSAGES = {
  stillRunning: 'An export of yours is still running: wait for it to finish',
} as const;

/**
 * Sends the export as a stream (streamed-export.ts): the header row with the first chunk's
 * rows, read before anything is sent, so a failure there is still answered with the error
 * envelope; then a chunk at a time. The export holds one of the account's slots until the
 * response closes; with none free it is refused with 429 before anything is read.
 */
export async function sendCsvExport<Row>(
  request: FastifyRequest,
  reply: FastifyReply,
  csv: CsvExport<Row>,
  slots: ExportSlots,
): Promise<void> {
  async function* pieces(signal: AbortSignal): AsyncGenerator<string> {
    const chunks = csv.chunks(signal);
    try {
      const first = await chunks.next();
      yield csvHeader(csv.columns) + (first.done ? '' : csvLines(csv.columns, first.value));
      if (first.done) return;
      for await (const rows of chunks) yield csvLines(csv.columns, rows);
    } finally {
      // Ends the reading when the stream is closed early (a client that went away).
      await chunks.return(undefined);
    }
  }
  await sendStreamedExport(
    request,
    reply,
    { fileName: csv.fileName, contentType: CSV_CONTENT_TYPE, pieces },
    [{ slots, refusal: CSV_EXPORT_MESSAGES.stillRunning }],
  );
}

/** A few exports a minute per address: each reads the whole list. */
export const CSV_EXPORT_RATE_LIMIT = rateLimit(5, '1 minute');

/** The OpenAPI answer of an export: CSV text. */
export const csvExportResponse = {
  description: 'CSV (RFC 4180) with a header row, sent as an attachment',
  content: { 'text/csv': { schema: z.string() } },
};
