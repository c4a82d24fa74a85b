/**
 * The VAPID key pair that signs every push (RFC 8292): VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY
 * when set, else a pair derived from the auth secret (docs/decisions/039). Derived, not
 * generated into a file of its own: every server sharing AUTH_SECRET signs with the same
 * key, and a backup, which carries the auth secret, restores it, so the browsers'
 * subscriptions, made with the public key, keep working. The private key is never logged
 * nor answered.
 */
import { createECDH } from 'node:crypto';
import type { Config } from '../../env.ts';
import { deriveSecret } from '../../lib/derived-secret.ts';

export interface VapidKeys {
  /** base64url, 65 bytes uncompressed P-256: what the browser subscribes with. */
  publicKey: string;
  privateKey: string;
  /** Who the push services may contact: a mailto: or https: address. */
  subject: string;
}

export function loadVapidKeys(config: Config, authSecret: Uint8Array): VapidKeys {
  const subject = vapidSubjectOf(config);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  return { ...derivedKeyPair(authSecret), subject };
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
 * A P-256 pair from the auth secret: 32 derived bytes are the private scalar. One value in
 * about 2^32 is not a valid scalar (zero, or not below the curve's order); the next label
 * is taken then.
 */
function derivedKeyPair(authSecret: Uint8Array): Pick<VapidKeys, 'publicKey' | 'privateKey'> {
  for (let attempt = 0; ; attempt += 1) {
    const scalar = Buffer.from(deriveSecret(authSecret, `vapid-private-key:${attempt}`), 'hex');
    const curve = createECDH('prime256v1');
    try {
      curve.setPrivateKey(scalar);
    } catch {
      continue;
    }
    return {
      publicKey: curve.getPublicKey().toString('base64url'),
      privateKey: scalar.toString('base64url'),
    };
  }
}
