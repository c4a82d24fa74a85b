/** Reads the .eml files the app wrote (no SMTP_URL in tests): headers, text and HTML parts, links. */
import { vi } from 'vitest';
import type { TestApp } from './test-app.ts';

export interface ReadMail {
  to: string;
  subject: string;
  /** The message's headers, names in lower case, folded lines joined. */
  headers: Map<string, string>;
  text: string;
  html: string;
  raw: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function splitHeaders(block: string): { headers: Map<string, string>; body: string } {
  const separator = block.search(/\r?\n\r?\n/);
  const head = block.slice(0, separator).replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: block.slice(separator).replace(/^\r?\n\r?\n/, '') };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  return body;
}

/** A header with RFC 2047 encoded words (a subject that is not ASCII), as people read it. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_word, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replaceAll('_', ' ')),
    );
}

/** Parses one MIME message with a text and an HTML part (multipart/alternative). */
export function parseMail(raw: string): ReadMail {
  const { headers, body } = splitHeaders(raw);
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  const mail: ReadMail = {
    headers,
    to: headers.get('to') ?? '',
    subject: decodeHeader(headers.get('subject') ?? ''),
    text: '',
    html: '',
    raw,
  };
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const part of parts) {
    const parsed = splitHeaders(part.replace(/^\r?\n/, ''));
    const type = parsed.headers.get('content-type') ?? '';
    if (type.startsWith('text/plain')) mail.text = decodeBody(parsed.headers, parsed.body);
    if (type.startsWith('text/html')) mail.html = decodeBody(parsed.headers, parsed.body);
  }
  return mail;
}

export function mailsOf(testApp: TestApp): ReadMail[] {
  return testApp.mails().map(parseMail);
}

/** Mail is sent without holding up the answer: wait until `count` mails have been written. */
export async function waitForMails(testApp: TestApp, count: number): Promise<ReadMail[]> {
  return vi.waitFor(
    () => {
      const mails = mailsOf(testApp);
      if (mails.length < count) throw new Error(`${mails.length} of ${count} mails written`);
      return mails;
    },
    { timeout: 5_000, interval: 20 },
  );
}

export const VERIFY_LINK = /https?:\/\/[^\s"<>]+\/verify-email\/([A-Za-z0-9_-]+)/;
export const RESET_LINK = /https?:\/\/[^\s"<>]+\/reset-password\?token=([A-Za-z0-9_-]+)/;

/** The token of the first link matching `pattern` in the mail's text part. */
export function tokenIn(mail: ReadMail, pattern: RegExp): string {
  const token = pattern.exec(mail.text)?.[1];
  if (!token) throw new Error(`no link matching ${pattern} in the mail "${mail.subject}"`);
  return token;
}

/**
 * Waits for a mail with a link matching `pattern` beyond the first `mailsBefore` mails and
 * returns the link's token. Other mails may be written meanwhile, in any order (a sign-in
 * notice goes out in the background after its login has answered), so the newest mail is
 * not always the one asked for.
 */
export async function waitForLinkToken(
  testApp: TestApp,
  pattern: RegExp,
  mailsBefore: number,
): Promise<string> {
  return vi.waitFor(
    () => {
      const mail = mailsOf(testApp)
        .slice(mailsBefore)
        .findLast((m) => pattern.test(m.text));
      if (!mail) throw new Error(`no mail with a link matching ${pattern} yet`);
      return tokenIn(mail, pattern);
    },
    { timeout: 5_000, interval: 20 },
  );
}

/**
 * Waits for a mail to `to` beyond the first `mailsBefore` mails (others may be
 * written meanwhile, since mail goes out in the background) and returns the newest.
 */
export async function waitForMailTo(
  testApp: TestApp,
  to: string,
  mailsBefore: number,
): Promise<ReadMail> {
  return vi.waitFor(
    () => {
      const mail = mailsOf(testApp)
        .slice(mailsBefore)
        .filter((m) => m.to === to)
        .at(-1);
      if (!mail) throw new Error(`no mail to ${to} yet`);
      return mail;
    },
    { timeout: 5_000, interval: 20 },
  );
}
