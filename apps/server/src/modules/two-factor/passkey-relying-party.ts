/**
 * Who the passkeys are for: WebAuthn's relying party, from the address people reach the app
 * at (PUBLIC_URL). Its host name is the RP ID a passkey is bound to, its origin the one
 * origin a ceremony may come from, and PRODUCT_NAME the name the browser shows. A passkey
 * made for one host name never works on another, so PUBLIC_URL must not change once people
 * have added passkeys.
 */
import { isIP } from 'node:net';
import { PASSKEY_MESSAGES } from '@netpulse/shared';
import type { Config } from '../../env.ts';
import { deriveSecret } from '../../lib/derived-secret.ts';
import { unavailable } from '../../lib/http-error.ts';

export interface RelyingParty {
  /** The RP ID: PUBLIC_URL's host name (`localhost`, `netpulse.example`). */
  id: string;
  name: string;
  /** PUBLIC_URL's origin (`https://netpulse.example`): the only one a ceremony may come from. */
  origin: string;
}

/**
 * The relying party of this server. Browsers refuse an IP address as an RP ID (WebAuthn
 * asks for a domain), so a server reached at one answers 503 rather than hand out options
 * no browser takes: set PUBLIC_URL to a host name (`http://localhost:8080` on one machine).
 */
export function relyingPartyOf(config: Pick<Config, 'PUBLIC_URL' | 'PRODUCT_NAME'>): RelyingParty {
  const url = new URL(config.PUBLIC_URL);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) !== 0) throw unavailable(PASSKEY_MESSAGES.unavailable);
  return { id: host, name: config.PRODUCT_NAME, origin: url.origin };
}

/**
 * The account's WebAuthn user handle: stable, opaque, and the same for all its passkeys
 * (an authenticator keeps one passkey per account and site). Derived from the auth secret,
 * so it tells nothing of the account (not its email, not its id). A sign-in finds the
 * passkey by its credential id, not by this, so a new AUTH_SECRET locks no passkey out.
 */
export function passkeyUserHandle(authSecret: Uint8Array, userId: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(deriveSecret(authSecret, `passkey-user:${userId}`), 'hex'));
}
