/**
 * ALTCHA, the self-hosted proof-of-work captcha (altcha-lib v2 on the server,
 * the `altcha` widget v3 in the browser; both speak the v2 challenge format
 * `{ parameters, signature }` and the widget posts back base64 JSON of
 * `{ challenge: { parameters, signature }, solution: { counter, derivedKey } }`).
 *
 * Difficulty: challenges are deterministic, the server picks the counter the
 * browser must reach (1..ALTCHA_MAX_NUMBER, one SHA-256 per try) and signs the
 * derived key, so checking a solution costs one HMAC.
 *
 * Expiry: altcha-lib judges `parameters.expiresAt` by the wall clock, which the
 * app's clock cannot move. So the expiry that counts is signed in
 * `parameters.data.expires` and checked against the app's clock; the copy in
 * `parameters.expiresAt` is added after signing, only for the widget's timer,
 * and removed again before the signature is checked.
 */
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { z } from 'zod';
import type { AltchaChallenge } from '@netpulse/shared';
import type { Clock } from '../../lib/clock.ts';
import { deriveSecret } from '../../lib/derived-secret.ts';
import type { CaptchaVerifier } from './captcha.ts';
import type { UsedPayloadStore } from './used-payload-store.ts';

export const ALTCHA_CHALLENGE_LIFETIME_MS = 10 * 60_000;
const ALGORITHM = 'SHA-256';

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      nonce: z.string(),
      data: z.looseObject({ expires: z.number() }),
    }),
    signature: z.string(),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string() }),
});

function decodePayload(captchaResponse: string) {
  try {
    const json: unknown = JSON.parse(Buffer.from(captchaResponse, 'base64').toString('utf8'));
    const parsed = payloadSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface AltchaVerifierOptions {
  maxNumber: number;
  authSecret: Uint8Array;
  clock: Clock;
  usedPayloads: UsedPayloadStore;
}

export function createAltchaVerifier(options: AltchaVerifierOptions): CaptchaVerifier {
  const { clock, usedPayloads } = options;
  const hmacSignatureSecret = deriveSecret(options.authSecret, 'altcha challenge signature');
  const hmacKeySignatureSecret = deriveSecret(options.authSecret, 'altcha key signature');

  return {
    async createChallenge(): Promise<AltchaChallenge> {
      const expires = Math.floor((clock.now().getTime() + ALTCHA_CHALLENGE_LIFETIME_MS) / 1000);
      const challenge = await createChallenge({
        algorithm: ALGORITHM,
        cost: 1,
        counter: randomInt(options.maxNumber),
        deriveKey,
        data: { expires },
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
      return {
        parameters: { ...challenge.parameters, expiresAt: expires },
        signature: challenge.signature ?? '',
      };
    },

    async verify(captchaResponse) {
      const payload = decodePayload(captchaResponse);
      if (!payload) return false;
      const { expiresAt: _forTheWidget, ...signedParameters } = payload.challenge.parameters;
      const expiresAt = new Date(signedParameters.data.expires * 1000);
      if (expiresAt <= clock.now()) return false;
      try {
        const result = await verifySolution({
          challenge: {
            parameters: signedParameters as unknown as AltchaChallenge['parameters'],
            signature: payload.challenge.signature,
          },
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret,
          hmacKeySignatureSecret,
        });
        if (!result.verified) return false;
      } catch {
        // Malformed hex, an unknown algorithm: a forged payload, not a server fault.
        return false;
      }
      return usedPayloads.markUsed(signedParameters.nonce, expiresAt);
    },
  };
}
