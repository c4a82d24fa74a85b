/**
 * The VAPID key pair that signs every push (RFC 8292): VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY
 * when set, else a pair generated on first start into DATA_DIR (mode 600) and read on the
 * next, so the browsers' subscriptions, made with the public key, keep working. The private
 * key is never logged nor answered.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webPush from 'web-push';
import type { Config } from '../../env.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../lib/private-files.ts';

/** The file in DATA_DIR that keeps the generated pair when the settings are unset. */
export const VAPID_KEYS_FILE = 'vapid-keys.json';

export interface VapidKeys {
  /** base64url, 65 bytes uncompressed P-256: what the browser subscribes with. */
  publicKey: string;
  privateKey: string;
  /** Who the push services may contact: a mailto: or https: address. */
  subject: string;
}

export function loadVapidKeys(config: Config): VapidKeys {
  const subject = vapidSubjectOf(config);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  return { ...dataDirKeyPair(config.DATA_DIR), subject };
}

/** VAPID_SUBJECT, else the sender's mail address, else PUBLIC_URL when https. */
export function vapidSubjectOf(config: Config): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  const mailAddress = config.MAIL_FROM?.match(/<([^<>\s]+@[^<>\s]+)>\s*$/)?.[1] ?? config.MAIL_FROM;
  if (mailAddress && /^[^\s@]+@[^\s@]+$/.test(mailAddress)) return `mailto:${mailAddress}`;
  if (config.PUBLIC_URL.startsWith('https://')) return config.PUBLIC_URL;
  // A mailto: whose host is the public one: push services take it, and it names the server.
  return `mailto:no-reply@${new URL(config.PUBLIC_URL).hostname}`;
}

/**
 * The pair kept in DATA_DIR, made on first use. 'wx' makes the first writer win when two
 * processes start at once; both then read the same file.
 */
function dataDirKeyPair(dataDir: string): Pick<VapidKeys, 'publicKey' | 'privateKey'> {
  const path = join(dataDir, VAPID_KEYS_FILE);
  const read = () => {
    const stored = JSON.parse(readFileSync(path, 'utf8')) as Partial<VapidKeys>;
    if (typeof stored.publicKey !== 'string' || typeof stored.privateKey !== 'string') {
      throw new Error(`${VAPID_KEYS_FILE} in DATA_DIR holds no VAPID key pair`);
    }
    return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  };
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const pair = webPush.generateVAPIDKeys();
  try {
    writeFileSync(path, JSON.stringify(pair), { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return read();
}
