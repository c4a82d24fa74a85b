/**
 * TRUST_PROXY: which proxies' X-Forwarded-For the server believes, so that
 * `request.ip` is the client behind them (docs/decisions/027). Only a hop count or
 * the proxies' own addresses: "trust everyone" let a client put any address it
 * liked leftmost in the header and be taken for it.
 */
import { isIP } from 'node:net';

/** No proxy, the number of proxies in front of the server, or their addresses/CIDRs. */
export type TrustedProxies = false | number | string[];

export const MAX_PROXY_HOPS = 10;

export const TRUST_PROXY_MESSAGES = {
  trustsEveryone:
    'true would let any client choose its own address through X-Forwarded-For. Write the number of proxies in front of the server (TRUST_PROXY=1) or their addresses (TRUST_PROXY=127.0.0.1).',
  invalid: `must be false, the number of proxies in front of the server (1 to ${MAX_PROXY_HOPS}), or their addresses or CIDRs separated by commas (such as 127.0.0.1,10.0.0.0/8)`,
} as const;

/** `address` or `address/prefix`, with a prefix the address's family allows. */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** The setting's value, or the message saying what is wrong with it. */
export function parseTrustedProxies(
  text: string | undefined,
): { value: TrustedProxies } | { error: string } {
  if (text === undefined || text.toLowerCase() === 'false') return { value: false };
  if (text.toLowerCase() === 'true') return { error: TRUST_PROXY_MESSAGES.trustsEveryone };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops >= 1 && hops <= MAX_PROXY_HOPS
      ? { value: hops }
      : { error: TRUST_PROXY_MESSAGES.invalid };
  }
  const entries = text.split(',').map((entry) => entry.trim());
  return entries.every(isAddressOrCidr)
    ? { value: entries }
    : { error: TRUST_PROXY_MESSAGES.invalid };
}

/**
 * What Fastify's `trustProxy` is given. A hop count becomes a function: Fastify
 * itself takes a bare number as "trust nobody". The function trusts the nearest
 * `hops` addresses, whoever sends them, which is why a server behind a proxy
 * listens on loopback (HOST=127.0.0.1) where only that proxy reaches it.
 */
export function fastifyTrustProxy(
  proxies: TrustedProxies,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof proxies === 'number') return (_address, hop) => hop < proxies;
  return proxies;
}
