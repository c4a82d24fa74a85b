import { z } from 'zod';
import { dataEnvelope, messageEnvelopeSchema } from './envelope.ts';
import { emailField } from './fields.ts';
import type { BannedRefusalData, UnverifiedRefusalData } from '../rules/refusals.ts';

/**
 * GET /v1/api/first-run: the dashboard checklist's five steps (docs/decisions/033),
 * each computed by the server so every browser of the account shows the same.
 * Every step only ever turns true, so once all are done the list is gone for good.
 */
export const firstRunStateSchema = z.object({
  email_verified: z.boolean(),
  /** A validator extension of the account has signed in (registered its node), removed since or not. */
  extension_signed_in: z.boolean(),
  first_test: z.boolean(),
  first_daily_claim: z.boolean(),
  /** Someone signed up with the account's referral code. */
  first_friend_invited: z.boolean(),
});
export type FirstRunState = z.infer<typeof firstRunStateSchema>;
export const firstRunEnvelopeSchema = dataEnvelope(firstRunStateSchema);

/** POST /v1/api/auth/resend-verification: the address the mail should go to. */
export const resendVerificationRequestSchema = z.object({ email: emailField });
export type ResendVerificationRequest = z.infer<typeof resendVerificationRequestSchema>;

/** How long until the same address may ask again: the answer to a resend, sent or refused (429). */
export const resendWaitSchema = z.object({ retryAfterSeconds: z.number().int().min(0) });
export type ResendWait = z.infer<typeof resendWaitSchema>;
export const resendWaitEnvelopeSchema = dataEnvelope(resendWaitSchema);

/**
 * The refusal of a banned account's session (403): the web app signs out and
 * shows it on /login, with the operator's words for the person when given.
 */
export const bannedRefusalDataSchema = z.object({
  banned: z.literal(true),
  reason: z.string().nullable(),
}) satisfies z.ZodType<BannedRefusalData>;
/**
 * An unverified account's login (403): the address the link went to, so the web app
 * can offer "Resend the email" for it (docs/decisions/033). Told only after the right password.
 */
export const unverifiedRefusalDataSchema = z.object({
  unverified: z.literal(true),
  email: z.string(),
}) satisfies z.ZodType<UnverifiedRefusalData>;

/** A login's or a refresh's 403: a ban, an unverified address, or another refusal (no data). */
export const refusalEnvelopeSchema = messageEnvelopeSchema.extend({
  data: z.union([bannedRefusalDataSchema, unverifiedRefusalDataSchema]).optional(),
});
