import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './mailer.ts';
import { toNodemailerMessage } from './nodemailer-message.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../lib/private-files.ts';

/**
 * The development mailbox (no SMTP_URL): each mail becomes a real MIME message
 * in `<mailDir>/<time>-<counter>-<purpose>.eml`, so names sort by time, and one
 * log line names the recipient and the file. The link stays in the file: it
 * carries a live token, and logs are read by more people than mailboxes are.
 */
export function createFileMailer(mailDir: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  let counter = 0;
  return {
    async send(message) {
      const info = await transport.sendMail(toNodemailerMessage(message, from));
      counter += 1;
      const file = `${Date.now()}-${String(counter).padStart(6, '0')}-${message.purpose}.eml`;
      await mkdir(mailDir, { recursive: true, mode: PRIVATE_DIR_MODE });
      // Written beside the mailbox and moved in whole, so a reader never sees half a mail;
      // the owner's alone, since its link carries a live token.
      const partial = join(dirname(mailDir), `.${file}.partial`);
      await writeFile(partial, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      const path = join(mailDir, file);
      await rename(partial, path);
      log.info(
        { to: message.to, purpose: message.purpose, file: path },
        'mail written to the development mailbox; its link is in the file',
      );
    },
  };
}
