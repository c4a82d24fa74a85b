import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../../env.ts';
import { loadVapidKeys, VAPID_KEYS_FILE } from './vapid-keys.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'netpulse-vapid-'));
  dirs.push(dir);
  return dir;
};

describe('loadVapidKeys', () => {
  it('generates a pair into DATA_DIR on first start, private to the server, and reads it on the next', () => {
    const DATA_DIR = join(dataDir(), 'data');
    const first = loadVapidKeys(parseEnv({ DATA_DIR }));
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(statSync(join(DATA_DIR, VAPID_KEYS_FILE)).mode & 0o777).toBe(0o600);
    expect(loadVapidKeys(parseEnv({ DATA_DIR }))).toEqual(first);
  });

  it('takes the pair and subject from the settings when set, writing nothing', () => {
    const DATA_DIR = dataDir();
    const generated = loadVapidKeys(parseEnv({ DATA_DIR: dataDir() }));
    const keys = loadVapidKeys(
      parseEnv({
        DATA_DIR,
        VAPID_PUBLIC_KEY: generated.publicKey,
        VAPID_PRIVATE_KEY: generated.privateKey,
        VAPID_SUBJECT: 'https://ops.example.com/contact',
      }),
    );
    expect(keys).toEqual({ ...generated, subject: 'https://ops.example.com/contact' });
    expect(() => statSync(join(DATA_DIR, VAPID_KEYS_FILE))).toThrow();
  });

  it('makes the subject the sender’s mail address, else the https public address', () => {
    const subjectOf = (env: Record<string, string>) =>
      loadVapidKeys(parseEnv({ DATA_DIR: dataDir(), ...env })).subject;
    expect(subjectOf({ MAIL_FROM: 'Netpulse <ops@example.com>' })).toBe('mailto:ops@example.com');
    expect(subjectOf({ MAIL_FROM: 'ops@example.com' })).toBe('mailto:ops@example.com');
    expect(subjectOf({ PUBLIC_URL: 'https://netpulse.example' })).toBe('https://netpulse.example');
    expect(subjectOf({ PUBLIC_URL: 'http://localhost:8080' })).toBe('mailto:no-reply@localhost');
  });
});
