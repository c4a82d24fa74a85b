/**
 * Every server test file runs with argon2id at its lowest cost (64 KiB, one pass)
 * instead of the server's OWASP baseline (19 MiB, two passes, about 75 ms a hash on
 * the CI machine): hundreds of sign-ups and logins spent minutes of the suite there,
 * and no test is about the cost itself. The hashes stay argon2id strings that record
 * their parameters, so verification, the dummy hash for unknown accounts and every
 * answer are the ones production gives; only the work per hash shrinks. Servers the
 * tests start as processes keep the real cost for the hashes they make.
 */
import { vi } from 'vitest';

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...argon2,
    hash: (password: string | Uint8Array, options?: import('@node-rs/argon2').Options) =>
      argon2.hash(password, { ...options, memoryCost: 64, timeCost: 1 }),
  };
});
