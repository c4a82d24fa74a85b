import { createHash } from 'node:crypto';

/**
 * The id Chrome gives an extension whose manifest carries `key` (a base64 DER
 * public key): the first 128 bits of its SHA-256, written as 32 letters where
 * each hex digit 0-f becomes a-p.
 */
export function extensionIdOf(publicKeyBase64: string): string {
  const digest = createHash('sha256').update(Buffer.from(publicKeyBase64, 'base64')).digest('hex');
  return [...digest.slice(0, 32)]
    .map((digit) => String.fromCharCode('a'.charCodeAt(0) + parseInt(digit, 16)))
    .join('');
}
