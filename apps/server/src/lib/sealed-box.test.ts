import { describe, expect, it } from 'vitest';
import { SealedBox } from './sealed-box.ts';

const secret = new Uint8Array(32).fill(7);

describe('SealedBox', () => {
  it('opens what it sealed, and never shows the plain text in the sealed form', () => {
    const box = new SealedBox(secret, 'tokens');
    const sealed = box.seal('{"token":"s3cret-token"}');
    expect(sealed).not.toContain('s3cret');
    expect(box.open(sealed)).toBe('{"token":"s3cret-token"}');
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a changed box, another purpose and another secret', () => {
    const sealed = new SealedBox(secret, 'tokens').seal('plain');
    // One bit of the ciphertext's last byte changed (a changed character could be the same
    // one, or only base64's padding bits).
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) ^ 1;
    const flipped = bytes.toString('base64url');
    expect(new SealedBox(secret, 'tokens').open(flipped)).toBeNull();
    expect(new SealedBox(secret, 'other').open(sealed)).toBeNull();
    expect(new SealedBox(new Uint8Array(32).fill(8), 'tokens').open(sealed)).toBeNull();
    expect(new SealedBox(secret, 'tokens').open('not base64 at all!')).toBeNull();
  });
});
