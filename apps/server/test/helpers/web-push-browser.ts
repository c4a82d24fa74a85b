/**
 * A browser's side of Web Push, for the tests: a subscription with a real P-256 key pair
 * and auth secret, the decryption of an aes128gcm push (RFC 8291 over RFC 8188) with them,
 * and the check of the VAPID header (RFC 8292) the server signed the push with. Written with
 * node:crypto alone, so it checks the server's library rather than repeating it.
 */
import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';

export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The browser's private side: what decrypts its pushes. */
  ecdh: ECDH;
  authSecret: Buffer;
}

export function newSubscription(endpoint: string): TestSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    endpoint,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: authSecret.toString('base64url'),
    },
    ecdh,
    authSecret,
  };
}

/** The body the browser's JSON gives POST /v1/api/push/subscriptions. */
export const subscriptionBody = (subscription: TestSubscription) => ({
  endpoint: subscription.endpoint,
  keys: subscription.keys,
});

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();
/** HKDF (RFC 5869) for one block of output, as RFC 8291 uses it. */
const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  hmac(hmac(salt, ikm), Buffer.concat([info, Buffer.from([1])])).subarray(0, length);

/**
 * The plaintext of an aes128gcm push body sent to `subscription`. Throws when it was not
 * encrypted to this subscription's keys (GCM's tag does not hold).
 */
export function decryptPush(subscription: TestSubscription, body: Buffer): string {
  // RFC 8188 section 2.1: salt (16), record size (4), key id length (1), key id.
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20] ?? 0;
  const serverPublicKey = body.subarray(21, 21 + keyIdLength);
  const records = body.subarray(21 + keyIdLength);
  if (records.length > recordSize) throw new Error('a push of one record was expected');

  // RFC 8291 section 3.4: the input keying material from the ECDH secret and the auth secret.
  const sharedSecret = subscription.ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    subscription.ecdh.getPublicKey(),
    serverPublicKey,
  ]);
  const ikm = hkdf(subscription.authSecret, sharedSecret, keyInfo, 32);
  const contentKey = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);

  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([
    decipher.update(records.subarray(0, records.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 2, then zeros of padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the push has no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * The claims of a push request's `Authorization: vapid t=<jwt>, k=<public key>`, once its
 * ES256 signature verifies with `publicKey` (base64url, uncompressed P-256); throws otherwise.
 */
export function verifiedVapidClaims(authorization: string, publicKey: string): VapidClaims {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, token = '', headerKey] = match;
  if (headerKey !== publicKey) throw new Error('the header names another public key');
  const [header = '', claims = '', signature = ''] = token.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not verify');
  const { alg } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string };
  if (alg !== 'ES256') throw new Error(`the VAPID token is signed with ${alg}`);
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as VapidClaims;
}
