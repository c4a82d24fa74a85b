import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterEach, expect, it } from 'vitest';
import { SMTP_MAX_CONNECTIONS, createSmtpMailer } from './smtp-mailer.ts';
import { verificationMail } from './templates.ts';

let server: SMTPServer | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

/** An SMTP server on a free port with the given handlers, and our mailer pointed at it. */
async function mailerToSmtpServer(handlers: SMTPServerOptions) {
  server = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], ...handlers });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return createSmtpMailer(`smtp://127.0.0.1:${port}`, 'Netpulse <no-reply@netpulse.example>');
}

it('delivers a verification mail over SMTP with the sender, recipient and link', async () => {
  const received: { from: string; to: string[]; data: string }[] = [];
  const mailer = await mailerToSmtpServer({
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
  const mailer = await mailerToSmtpServer({
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
