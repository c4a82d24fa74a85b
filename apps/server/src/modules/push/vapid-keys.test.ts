import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../env.ts';
import { loadVapidKeys } from './vapid-keys.ts';

const config = (env: Record<string, string> = {}) =>
  parseEnv({ DATA_DIR: '/nonexistent/netpulse-vapid', ...env });
const secret = () => new Uint8Array(randomBytes(48));

describe('loadVapidKeys', () => {
  it('derives a valid P-256 pair from the auth secret: the same secret, the same pair', () => {
    const authSecret = secret();
    const keys = loadVapidKeys(config(), authSecret);
    expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32);
    // The public key is the private key's: a browser's subscription verifies the signatures.
    const curve = createECDH('prime256v1');
    curve.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
    expect(curve.getPublicKey().toString('base64url')).toBe(keys.publicKey);
    // Another server with the same secret (or this one restored from a backup) signs alike.
    expect(loadVapidKeys(config(), new Uint8Array(authSecret))).toEqual(keys);
    expect(loadVapidKeys(config(), secret()).publicKey).not.toBe(keys.publicKey);
  });

  it('takes the pair and subject from the settings when set', () => {
    const derived = loadVapidKeys(config(), secret());
    const keys = loadVapidKeys(
      config({
        VAPID_PUBLIC_KEY: derived.publicKey,
        VAPID_PRIVATE_KEY: derived.privateKey,
        VAPID_SUBJECT: 'https://ops.example.com/contact',
      }),
      secret(),
    );
    expect(keys).toEqual({ ...derived, subject: 'https://ops.example.com/contact' });
  });

  it('makes the subject the sender’s mail address, else the https public address', () => {
    const subjectOf = (env: Record<string, string>) => loadVapidKeys(config(env), secret()).subject;
    expect(subjectOf({ MAIL_FROM: 'Netpulse <ops@example.com>' })).toBe('mailto:ops@example.com');
    expect(subjectOf({ MAIL_FROM: 'ops@example.com' })).toBe('mailto:ops@example.com');
    expect(subjectOf({ PUBLIC_URL: 'https://netpulse.example' })).toBe('https://netpulse.example');
    expect(subjectOf({ PUBLIC_URL: 'http://localhost:8080' })).toBe('mailto:no-reply@localhost');
  });
});
