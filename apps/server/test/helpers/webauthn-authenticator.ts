/**
 * A passkey authenticator in software, for the server's tests: what a browser and its
 * authenticator send, built by hand from a P-256 key of node:crypto (WebAuthn Level 3,
 * ES256, attestation `none`). It registers discoverable credentials from the server's
 * creation options and answers the server's request options with an assertion: the client
 * data (type, challenge, origin), the authenticator data (the RP ID's hash, the flags, the
 * signature counter, and at registration the credential's id and COSE public key) and the
 * signature over both. Every part can be made wrong on purpose (another origin, no user
 * verification, an old counter), so a test shows the server refuses it.
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { KeyObject } from 'node:crypto';

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

/** The smallest CBOR encoder the attestation needs: unsigned and negative integers, bytes, text, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number): Buffer => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
    if (length < 0x10000) {
      const buffer = Buffer.alloc(3);
      buffer[0] = (major << 5) | 25;
      buffer.writeUInt16BE(length, 1);
      return buffer;
    }
    const buffer = Buffer.alloc(5);
    buffer[0] = (major << 5) | 26;
    buffer.writeUInt32BE(length, 1);
    return buffer;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Map) {
    const entries = [...value.entries()].flatMap(([key, item]) => [cbor(key), cbor(item)]);
    return Buffer.concat([head(5, value.size), ...entries]);
  }
  throw new Error(`cbor: cannot encode ${typeof value}`);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const base64url = (data: Buffer) => data.toString('base64url');

/** A passkey the authenticator holds: its keys, its id, whose it is, and its counter. */
export interface SoftwareCredential {
  id: string;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
}

function newCredential(rpId: string, userHandle: string): SoftwareCredential {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const id = base64url(randomBytes(32));
  return { id, rpId, userHandle, privateKey, publicKey, counter: 0 };
}

/** The public key as COSE writes it (RFC 9053): an EC2 key on P-256 for ES256. */
function coseKeyOf(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  return cbor(
    new Map<number, unknown>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
}

export interface CeremonyOverrides {
  /** The page's origin, as the browser writes it into the client data. */
  origin?: string;
  /** Whether the authenticator checked who holds it (PIN, biometrics): true by default. */
  userVerified?: boolean;
  /** The signature counter to send; by default the credential's, one more each use. */
  counter?: number;
  /**
   * At registration, a credential to attest again; at sign-in, the one to answer with (by
   * default the newest for the options' RP ID).
   */
  credential?: SoftwareCredential;
}

/** The subset of the server's creation options the authenticator reads. */
interface CreationOptions {
  challenge: string;
  rp: { id: string };
  user: { id: string };
}

/** The subset of the server's request options the authenticator reads. */
interface RequestOptions {
  challenge: string;
  rpId: string;
}

export class SoftwareAuthenticator {
  readonly credentials: SoftwareCredential[] = [];

  constructor(private readonly origin = 'http://localhost:8080') {}

  private clientData(type: string, challenge: string, overrides: CeremonyOverrides): Buffer {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge,
        origin: overrides.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
  }

  private flags(overrides: CeremonyOverrides): number {
    return FLAG_USER_PRESENT | (overrides.userVerified === false ? 0 : FLAG_USER_VERIFIED);
  }

  /**
   * Makes a discoverable credential for `options` and answers as `navigator.credentials.create`.
   * With `overrides.credential`, attests that one again instead, as an authenticator that
   * ignores the options' excludeCredentials would.
   */
  register(options: Record<string, unknown>, overrides: CeremonyOverrides = {}) {
    const { challenge, rp, user } = options as unknown as CreationOptions;
    const credential = overrides.credential ?? newCredential(rp.id, user.id);
    const credentialId = Buffer.from(credential.id, 'base64url');
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authenticatorData = Buffer.concat([
      sha256(rp.id),
      Buffer.from([this.flags(overrides) | FLAG_ATTESTED_CREDENTIAL]),
      Buffer.alloc(4), // the signature counter: 0 at registration
      Buffer.alloc(16), // AAGUID: none
      idLength,
      credentialId,
      coseKeyOf(credential.publicKey),
    ]);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authenticatorData],
      ]),
    );
    if (!overrides.credential) this.credentials.push(credential);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: base64url(this.clientData('webauthn.create', challenge, overrides)),
        attestationObject: base64url(attestationObject),
        transports: ['internal', 'hybrid'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** Signs `options`' challenge with a passkey, as `navigator.credentials.get` answers. */
  signIn(options: Record<string, unknown>, overrides: CeremonyOverrides = {}) {
    const { challenge, rpId } = options as unknown as RequestOptions;
    const credential =
      overrides.credential ?? this.credentials.filter((held) => held.rpId === rpId).at(-1);
    if (!credential) throw new Error(`the authenticator holds no passkey for ${rpId}`);
    if (overrides.counter === undefined) credential.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(overrides.counter ?? credential.counter);
    const authenticatorData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(overrides)]),
      counter,
    ]);
    const clientDataJSON = this.clientData('webauthn.get', challenge, overrides);
    // ES256: ECDSA over the authenticator data and the client data's hash, DER-encoded.
    const signature = sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: base64url(clientDataJSON),
        authenticatorData: base64url(authenticatorData),
        signature: base64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
