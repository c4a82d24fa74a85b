import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { SERVER_MESSAGES } from '@netpulse/shared';
import { AUTH, newPerson, signUp } from '../helpers/auth-flow.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const logLines: string[] = [];
beforeEach(async () => {
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logLines.push(...chunk.toString().trim().split('\n')));
  // Nothing listens on port 9 (discard) here: every send fails to connect.
  t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' }, logStream });
});
afterEach(async () => {
  await t.close();
  logLines.length = 0;
});

it('answers sign-up and forgot-password as usual when mail cannot be sent, and logs no link', async () => {
  const person = newPerson();
  const signedUp = await signUp(t, person);
  expect(signedUp.statusCode).toBe(200);
  expect(signedUp.json()).toEqual({ success: true, message: SERVER_MESSAGES.signedUp });

  const forgot = await t.app.inject({
    method: 'POST',
    url: `${AUTH}/forgot-password`,
    payload: { email: person.email },
  });
  expect(forgot.statusCode).toBe(200);

  await vi.waitFor(
    () =>
      expect(logLines.filter((line) => line.includes('mail could not be sent'))).toHaveLength(2),
    {
      timeout: 5_000,
    },
  );
  const failures = logLines
    .filter((line) => line.includes('mail could not be sent'))
    .map((line) => JSON.parse(line));
  expect(failures.map((line) => line.purpose).sort()).toEqual(['reset-password', 'verify-email']);
  expect(logLines.join('\n')).not.toMatch(
    /verify-email\/[A-Za-z0-9_-]{20,}|token=[A-Za-z0-9_-]{20,}/,
  );
  expect(logLines.join('\n')).not.toContain(person.password);
});
