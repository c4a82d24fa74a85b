import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { expect, it } from 'vitest';
import { createFileMailer } from './file-mailer.ts';
import { passwordResetMail } from './templates.ts';

it('writes the mail to a file and logs where it is, never its link or token', async () => {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  const mailDir = join(mkdtempSync(join(tmpdir(), 'netpulse-mail-')), 'mail');
  const token = 'b'.repeat(64);
  const mail = passwordResetMail(
    { productName: 'Netpulse', publicUrl: 'http://127.0.0.1:8080', locale: 'en' },
    'ada@example.com',
    token,
  );

  await createFileMailer(mailDir, 'Netpulse <no-reply@example.com>', log).send(mail);

  expect(lines).toHaveLength(1);
  expect(lines[0]).not.toContain(token);
  const { file } = JSON.parse(lines[0] ?? '{}') as { file: string };
  expect(file).toBe(join(mailDir, file.split('/').at(-1) ?? ''));
  // The newcomer's way in: the link is in the file the log names.
  expect(readFileSync(file, 'utf8')).toContain(token);
});
