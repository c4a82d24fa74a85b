import { once } from 'node:events';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmtpMailer } from './smtp-mailer.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

let sink: SmtpSink | undefined;
afterEach(async () => {
  await sink?.close();
  sink = undefined;
});

describe('the SMTP sink', () => {
  it('outlives a client that resets its connection mid-mail, as a killed server does', async () => {
    sink = await startSmtpSink();
    const { port } = new URL(sink.url);
    const socket = connect(Number(port), '127.0.0.1');
    await once(socket, 'data'); // the greeting
    // Inside a mail transaction: a reset before it is a quiet goodbye even to smtp-server.
    for (const command of [
      'EHLO killed.example',
      'MAIL FROM:<n@example.com>',
      'RCPT TO:<a@example.com>',
    ]) {
      socket.write(`${command}\r\n`);
      await once(socket, 'data');
    }
    socket.resetAndDestroy();
    await once(socket, 'close');

    // The reset is the sink's to shrug off: the next mail is still accepted.
    const mailer = createSmtpMailer(sink.url, 'Netpulse <noreply@example.com>');
    await mailer.send({
      purpose: 'verify-email',
      to: 'ada@example.com',
      subject: 'After the reset',
      text: 'Still here.',
      html: '<p>Still here.</p>',
    });
    await mailer.close?.();
    expect(sink.accepted).toHaveLength(1);
  });
});
