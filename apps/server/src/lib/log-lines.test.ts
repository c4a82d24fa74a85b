import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { formatLogLine, humanLogStream } from './log-lines.ts';

const at = new Date(2026, 10, 23, 15, 4, 2).getTime();
const line = (record: object) =>
  JSON.stringify({ level: 30, time: at, pid: 1, hostname: 'h', ...record });

describe('formatLogLine', () => {
  it('puts a request on one line: time, level, method, path, status and duration', () => {
    expect(
      formatLogLine(
        line({
          reqId: 'req-1',
          req: { method: 'GET', url: '/v1/api/config', remoteAddress: '127.0.0.1' },
          res: { statusCode: 200 },
          responseTime: 3.4,
          msg: 'request completed',
        }),
      ),
    ).toBe('15:04:02 INFO  GET /v1/api/config 200 3 ms');
  });

  it('shows a message with its fields, and an error with its stack below', () => {
    expect(formatLogLine(line({ level: 40, msg: 'mail written', file: 'data/mail/1.eml' }))).toBe(
      '15:04:02 WARN  mail written file=data/mail/1.eml',
    );
    expect(
      formatLogLine(
        line({
          level: 50,
          msg: 'request failed',
          err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at here' },
        }),
      ),
    ).toBe('15:04:02 ERROR request failed\nError: boom\n    at here');
  });

  it('passes a line that is not JSON as it is', () => {
    expect(formatLogLine('plain words')).toBe('plain words');
  });
});

describe('humanLogStream', () => {
  it('writes one formatted line per record, also when records arrive in pieces', () => {
    const out = new PassThrough();
    const stream = humanLogStream(out);
    const record = line({ msg: 'Netpulse is running at http://127.0.0.1:8400' });
    stream.write(`${record.slice(0, 10)}`);
    stream.write(`${record.slice(10)}\n${line({ msg: 'second' })}\n`);
    expect(out.read().toString()).toBe(
      '15:04:02 INFO  Netpulse is running at http://127.0.0.1:8400\n15:04:02 INFO  second\n',
    );
  });
});
