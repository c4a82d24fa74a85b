import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, expect, it } from 'vitest';
import { SMTP_MAX_CONNECTIONS, createSmtpMailer } from './smtp-mailer.ts';
import { verificationMail } from './templates.ts';

let server: SMTPServer | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

it('delivers a verification mail over SMTP with the sender, recipient and link', async () => {
  const received: { from: string; to: string[]; data: string }[] = [];
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          data,
        });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;

  const mailer = createSmtpMailer(
    `smtp://127.0.0.1:${port}`,
    'Netpulse <no-reply@netpulse.example>',
  );
  const mail = verificationMail(
    { productName: 'Netpulse', publicUrl: 'https://app.example', locale: 'en' },
    'ada@example.com',
    'tok123',
  );
  await mailer.send(mail);
  await mailer.close?.();

  expect(received).toHaveLength(1);
  expect(received[0]).toMatchObject({ from: 'no-reply@netpulse.example', to: ['ada@example.com'] });
  const unfolded = received[0]!.data.replace(/=\r?\n/g, '');
  expect(unfolded).toContain('Subject: Verify your email for Netpulse');
  expect(unfolded).toContain('https://app.example/verify-email/tok123');
  expect(unfolded).toMatch(/Content-Type: text\/html/);
});

it('sends many mails at once over a few kept connections, and one refused mail fails only itself', async () => {
  let connections = 0;
  const delivered: string[] = [];
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (address.address === 'refused@example.com') {
        callback(new Error('550 No such mailbox'));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        delivered.push(session.envelope.rcptTo[0]!.address);
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  const mailer = createSmtpMailer(
    `smtp://127.0.0.1:${port}`,
    'Netpulse <no-reply@netpulse.example>',
  );
  const context = {
    productName: 'Netpulse',
    publicUrl: 'https://app.example',
    locale: 'en',
  } as const;

  const recipients = Array.from({ length: 30 }, (_, i) => `member${i}@example.com`);
  const outcomes = await Promise.allSettled(
    [...recipients, 'refused@example.com'].map((to) =>
      mailer.send(verificationMail(context, to, 'tok')),
    ),
  );
  await mailer.close?.();

  expect(outcomes.slice(0, 30).every((outcome) => outcome.status === 'fulfilled')).toBe(true);
  expect(outcomes[30]?.status).toBe('rejected');
  expect(delivered.sort()).toEqual([...recipients].sort());
  expect(connections).toBeLessThanOrEqual(SMTP_MAX_CONNECTIONS);
});
