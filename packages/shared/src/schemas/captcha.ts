import { z } from 'zod';
import { messageEnvelopeSchema } from './envelope.ts';

/**
 * An ALTCHA v2 challenge as the `altcha` widget (v3) reads it: `parameters` and
 * `signature` at the top level. The widget sends back `{ challenge, solution }`
 * as base64 JSON, which is what the forms post as `captchaResponse`.
 */
export const altchaChallengeSchema = z.object({
  parameters: z
    .object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      /** Unix seconds; the widget shows the challenge as expired from then on. */
      expiresAt: z.number().optional(),
      data: z
        .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
        .optional(),
    })
    .loose(),
  signature: z.string(),
});
export type AltchaChallenge = z.infer<typeof altchaChallengeSchema>;

/** GET /v1/api/captcha/challenge: the envelope with the challenge's fields beside it. */
export const captchaChallengeResponseSchema = messageEnvelopeSchema.extend(
  altchaChallengeSchema.shape,
);
