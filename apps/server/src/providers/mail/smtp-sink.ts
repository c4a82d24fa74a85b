/**
 * A local SMTP server that keeps what it accepts, for the tests and the bench that send
 * mail through a real server process (SMTP_URL); the app never imports it (smtp-server is a
 * development dependency), the bench reaches it through tooling.ts. Each message can take `delayMs` before it
 * is accepted, as a slow mail server does; a message whose client is gone before the
 * acceptance (a server killed mid-send) is not accepted, as a real one would drop it.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface AcceptedMail {
  messageId: string;
  /** When the sink answered 250 (ms since the epoch). */
  acceptedAt: number;
  raw: string;
}

export interface SmtpSink {
  url: string;
  accepted: AcceptedMail[];
  close(): Promise<void>;
}

const MESSAGE_ID = /^Message-ID:\s*(<[^>]+>)/im;

export async function startSmtpSink(options: { delayMs?: number } = {}): Promise<SmtpSink> {
  const accepted: AcceptedMail[] = [];
  const closed = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        setTimeout(() => {
          if (closed.has(session.id)) return callback(new Error('the client is gone'));
          const raw = Buffer.concat(chunks).toString();
          accepted.push({
            messageId: MESSAGE_ID.exec(raw)?.[1] ?? '',
            acceptedAt: Date.now(),
            raw,
          });
          callback();
        }, options.delayMs ?? 0);
      });
    },
  });
  // A client killed mid-session (the crash test's server, with its pooled connections) resets
  // them: a real mail server sees a dropped session there, and so does the sink. Unheard, the
  // server's 'error' event would end the test process instead.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
