/**
 * The log as a person reads it in a terminal: pino's JSON records turned into
 * lines such as `15:04:02 INFO  GET /v1/api/config 200 3 ms`. server.ts uses it
 * when its stdout is a terminal; otherwise the log stays JSON, for collectors.
 * The record's fields pass through the same serializers first, so what is
 * masked in JSON (tokens in paths, credentials) is masked here too.
 */
import { Writable } from 'node:stream';

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
/** Fields shown in their own way, or of no use to a reader at a terminal. */
const SHOWN_APART = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res']);
const SHOWN_APART_FOR_REQUESTS = new Set([...SHOWN_APART, 'responseTime']);

interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
  [field: string]: unknown;
}

const fieldText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** One record as a line (an error's stack follows on the next lines). */
export function formatLogLine(json: string): string {
  let record: LogRecord;
  try {
    record = JSON.parse(json) as LogRecord;
  } catch {
    return json;
  }
  const time = new Date(record.time ?? Date.now()).toTimeString().slice(0, 8);
  const level = (LEVEL_NAMES[record.level ?? 30] ?? String(record.level)).padEnd(5);
  const { req, res } = record;
  const isRequest = req !== undefined && res !== undefined;
  const what = isRequest
    ? `${req.method} ${req.url} ${res.statusCode} ${Math.round(record.responseTime ?? 0)} ms`
    : (record.msg ?? '');
  const apart = isRequest ? SHOWN_APART_FOR_REQUESTS : SHOWN_APART;
  const fields = Object.entries(record)
    .filter(([key]) => !apart.has(key) && key !== 'err')
    .map(([key, value]) => `${key}=${fieldText(value)}`);
  const text = [time, level, what, ...fields].join(' ');
  const error = record.err?.stack ?? record.err?.message;
  return error ? `${text}\n${error}` : text;
}

/** A stream for pino that writes each record to `out` as formatLogLine's line. */
export function humanLogStream(out: NodeJS.WritableStream): Writable {
  let pending = '';
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      const text = lines.filter((line) => line !== '').map(formatLogLine);
      if (text.length > 0) out.write(`${text.join('\n')}\n`);
      done();
    },
  });
}
