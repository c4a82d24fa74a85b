/**
 * Password hashing: argon2id with @node-rs/argon2's defaults (19 MiB, 2 passes,
 * 1 lane: the OWASP baseline). The hash string records its own parameters, so
 * raising them later keeps old hashes verifiable.
 */
import { hash, verify } from '@node-rs/argon2';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** A hash of nothing anyone knows, made once: unknown accounts are checked against it. */
let dummyHash: Promise<string> | undefined;

/**
 * True when `password` matches `passwordHash`. Without a hash (no such account)
 * it still runs one argon2 verification, so the answer's timing does not tell
 * whether the account exists.
 */
export async function passwordMatches(
  passwordHash: string | undefined,
  password: string,
): Promise<boolean> {
  if (passwordHash === undefined) {
    dummyHash ??= hash('not the password of any account');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
