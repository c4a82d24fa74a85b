/**
 * Reads the mails the e2e server wrote as .eml files (no SMTP_URL), so a test can
 * follow a verification or reset link as a person would from their inbox.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { E2E_DATA_DIR } from './e2e-env.ts';

const MAIL_DIR = join(E2E_DATA_DIR, 'mail');

/** The raw mail, with quoted-printable soft breaks and escapes undone. */
function decodedMails(): { file: string; text: string }[] {
  let files: string[];
  try {
    files = readdirSync(MAIL_DIR).sort();
  } catch {
    return [];
  }
  return files.map((file) => ({
    file,
    text: readFileSync(join(MAIL_DIR, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  }));
}

/** Waits for the newest mail to `to` that carries a link matching `pattern`, and returns the link's path. */
export async function linkFromMail(to: string, pattern: RegExp): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const mails = decodedMails().filter(({ text }) =>
          text.toLowerCase().includes(`to: ${to.toLowerCase()}`),
        );
        for (const { text } of mails.reverse()) {
          const match = text.match(pattern);
          if (match) {
            link = new URL(match[0]).pathname + new URL(match[0]).search;
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${to} matching ${pattern}`, timeout: 15_000 },
    )
    .toBe(true);
  return link;
}

export const VERIFY_LINK = /https?:\/\/[^\s"<>]+\/verify-email\/[A-Za-z0-9_-]+/;
export const RESET_LINK = /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_-]+/;
/** The email change's two links (issue 29): to the new address, and the undo to the old one. */
export const EMAIL_CONFIRM_LINK =
  /https?:\/\/[^\s"<>]+\/settings\/email\/confirm\?token=[A-Za-z0-9_-]+/;
export const EMAIL_UNDO_LINK = /https?:\/\/[^\s"<>]+\/settings\/email\/undo\?token=[A-Za-z0-9_-]+/;
