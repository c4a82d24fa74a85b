import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { deriveSecret } from './derived-secret.ts';

/**
 * Seals small secrets kept at rest (the social platforms' tokens) with
 * AES-256-GCM under a key derived from the auth secret: a copy of the database
 * alone does not give them away, and a changed ciphertext fails to open.
 */
export class SealedBox {
  private readonly key: Buffer;

  constructor(authSecret: Uint8Array, purpose: string) {
    this.key = createHash('sha256')
      .update(deriveSecret(authSecret, `sealed-box:${purpose}`))
      .digest();
  }

  /** base64url of iv | tag | ciphertext. */
  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The plain text, or null when the box was not sealed with this key or was changed. */
  open(sealed: string): string | null {
    try {
      const raw = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
