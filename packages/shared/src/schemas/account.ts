/**
 * The account a person owns (issue 29): settings, sessions, two factors, their data. The
 * routes are under /v1/api/account (a web session's only) and, for the sign-in steps, under
 * /v1/api/auth. Times are ISO strings, as elsewhere in the contract.
 */
import { z } from 'zod';
import { ACCOUNT_DATA_MESSAGES } from '../account-data-messages.ts';
import { ACCOUNT_VALIDATION } from '../account-texts.ts';
import { VALIDATION } from '../messages.ts';
import type { PasswordOwner } from '../rules/password-policy.ts';
import {
  accessTokenDataSchema,
  confirmMatches,
  confirmPasswordField,
  passwordFreeOfNames,
} from './auth.ts';
import { messageEnvelopeSchema } from './envelope.ts';
import {
  emailField,
  maxLength,
  newPasswordField,
  passwordField,
  textField,
  usernameField,
} from './fields.ts';

/** A TOTP code: six digits (RFC 6238 as authenticator apps show it). */
export const totpCodeField = textField(ACCOUNT_VALIDATION.codeRequired, [
  (text) => /^\d{6}$/.test(text),
  ACCOUNT_VALIDATION.codeFormat,
]);

/** A recovery code: ten letters and digits, shown as `abcde-12345`; case and the dash are optional. */
export const recoveryCodeField = textField(ACCOUNT_VALIDATION.recoveryCodeRequired, [
  (text) => /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/.test(text.trim()),
  ACCOUNT_VALIDATION.recoveryCodeFormat,
]);

const currentPasswordField = textField(
  ACCOUNT_VALIDATION.currentPasswordRequired,
  maxLength(128, ACCOUNT_VALIDATION.currentPasswordRequired),
);

/** A sign-in step's challenge token (the second step's, a passkey sign-in's). */
const challengeField = textField(
  ACCOUNT_VALIDATION.challengeRequired,
  maxLength(256, 'Token is too long'),
);

/** GET /v1/api/account: what the Account screen shows of the account itself. */
export const accountOverviewSchema = z.object({
  username: z.string(),
  email: z.string(),
  /** An address waiting for its confirmation link, else null. */
  pending_email: z.string().nullable(),
  /** When the username may change again (once in 30 days), null when it may now. */
  username_changeable_at: z.string().nullable(),
});
export type AccountOverview = z.infer<typeof accountOverviewSchema>;

/** PATCH /v1/api/account/username */
export const changeUsernameRequestSchema = z.object({ username: usernameField });
export type ChangeUsernameRequest = z.infer<typeof changeUsernameRequestSchema>;

/** POST /v1/api/account/password: every other web session ends; node sessions stay. */
export const changePasswordRequestSchema = z.object({
  currentPassword: currentPasswordField,
  newPassword: newPasswordField,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/**
 * The Account screen's password form: the request, the new password typed twice, and the name
 * rule for the account's own `owner` names, so the form says so before sending (the list of
 * the most common passwords is the server's alone).
 */
export function changePasswordFormSchema(owner: PasswordOwner) {
  return passwordFreeOfNames(
    confirmMatches(
      z.object({
        currentPassword: currentPasswordField,
        newPassword: newPasswordField,
        confirmPassword: confirmPasswordField,
      }),
      'newPassword',
    ),
    'newPassword',
    () => owner,
  );
}

/** POST /v1/api/account/email: a link to the new address confirms it. */
export const changeEmailRequestSchema = z.object({ newEmail: emailField, password: passwordField });
export type ChangeEmailRequest = z.infer<typeof changeEmailRequestSchema>;

/** POST /v1/api/account/email/confirm and /email/undo (public: the link's token is the proof). */
export const emailLinkRequestSchema = z.object({
  token: textField(VALIDATION.tokenRequired, maxLength(256, 'Token is too long')),
});

/** GET /v1/api/account/sessions: every signed-in browser (web sessions), newest use first. */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** "Chrome on Windows", from the user agent. */
  browser: z.string(),
  /** The address's network only (`203.0.113.0/24`, `2001:db8:1::/48`), never the address. */
  network: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionsSchema = z.array(accountSessionSchema);

export const sessionIdParamsSchema = z.object({
  id: z.uuid({ error: ACCOUNT_VALIDATION.sessionIdInvalid }),
});

/** GET /v1/api/account/two-factor: which second factors are on. */
export const twoFactorStatusSchema = z.object({
  totp: z.boolean(),
  recovery_codes_left: z.number().int(),
  passkeys: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** DELETE /v1/api/account/sessions: every other web session of the account ended. */
export const endedSessionsSchema = z.object({ ended: z.number().int() });

/** POST /v1/api/account/two-factor/totp: the secret to set up, not active until confirmed. */
export const totpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** A request's second factor: a code of the authenticator app or a recovery code. */
const secondFactorFields = {
  code: totpCodeField.optional(),
  recoveryCode: recoveryCodeField.optional(),
};

/** Exactly one of the two second factor fields (the refusal on `code`). */
function oneSecondFactor<
  T extends z.ZodType<{ code?: string | undefined; recoveryCode?: string | undefined }>,
>(schema: T) {
  return schema.refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    path: ['code'],
    message: ACCOUNT_VALIDATION.codeOrRecoveryCode,
  });
}

/** A request proven by a code of the authenticator app (confirm, turn off, new recovery codes). */
export const totpCodeRequestSchema = z.object({ code: totpCodeField });
export type TotpCodeRequest = z.infer<typeof totpCodeRequestSchema>;

/**
 * A request proven by the second factor: a code of the authenticator app or, for a person
 * without their phone, one of the recovery codes (turn off, new recovery codes).
 */
export const secondFactorProofRequestSchema = oneSecondFactor(z.object(secondFactorFields));
export type SecondFactorProofRequest = z.infer<typeof secondFactorProofRequestSchema>;

/** Ten single-use recovery codes, shown once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** POST /v1/api/auth/login when a second factor is on: no tokens, no cookie. */
export const twoFactorRequiredSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
});
export type TwoFactorRequired = z.infer<typeof twoFactorRequiredSchema>;

/**
 * What POST /v1/api/auth/login answers after the right password: the access token (and the
 * refresh cookie), or, with two-factor sign-in on, the challenge of the second step.
 */
export const loginAnswerDataSchema = z.union([accessTokenDataSchema, twoFactorRequiredSchema]);
export type LoginAnswerData = z.infer<typeof loginAnswerDataSchema>;

/**
 * The console API's 403 (/v1/admin/*): not an admin (no data), or an admin who must add a
 * second factor first (ADMIN_REQUIRE_2FA): the console then says so, with a link to /settings.
 */
export const consoleRefusalEnvelopeSchema = messageEnvelopeSchema.extend({
  data: z.object({ twoFactorSetupRequired: z.literal(true) }).optional(),
});

/** POST /v1/api/auth/login/two-factor: the challenge and either a code or a recovery code. */
export const twoFactorLoginRequestSchema = oneSecondFactor(
  z.object({ challenge: challengeField, ...secondFactorFields }),
);
export type TwoFactorLoginRequest = z.infer<typeof twoFactorLoginRequestSchema>;

/**
 * WebAuthn's JSON forms (@simplewebauthn): the options the server makes and the browser's
 * answer. They are checked by @simplewebauthn/server, so the contract only bounds them.
 */
const webauthnJson = z.record(z.string(), z.unknown());

/** The authenticator's answer (a registration's or a sign-in's): not empty. */
const passkeyResponseField = webauthnJson.refine((value) => Object.keys(value).length > 0, {
  message: ACCOUNT_VALIDATION.passkeyResponseRequired,
});

/** POST /v1/api/account/passkeys/options: the registration options for this browser. */
export const passkeyRegistrationOptionsSchema = webauthnJson;

/** A passkey's name, as its person gives it ("Phone", "Work laptop"); blank is no name. */
const passkeyNameField = textField(
  ACCOUNT_VALIDATION.passkeyNameRequired,
  [(text) => text.trim().length > 0, ACCOUNT_VALIDATION.passkeyNameRequired],
  maxLength(64, ACCOUNT_VALIDATION.passkeyNameTooLong),
);

/** POST /v1/api/account/passkeys: the authenticator's answer and a name for the passkey. */
export const addPasskeyRequestSchema = z.object({
  name: passkeyNameField,
  response: passkeyResponseField,
});
export type AddPasskeyRequest = z.infer<typeof addPasskeyRequestSchema>;

/** GET /v1/api/account/passkeys rows. */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeysSchema = z.array(passkeySchema);

/** PATCH /v1/api/account/passkeys/:id: a new name. */
export const renamePasskeyRequestSchema = z.object({ name: passkeyNameField });
export type RenamePasskeyRequest = z.infer<typeof renamePasskeyRequestSchema>;

export const passkeyIdParamsSchema = z.object({
  id: z.uuid({ error: ACCOUNT_VALIDATION.passkeyIdInvalid }),
});

/** POST /v1/api/auth/passkey/options (public): a sign-in challenge, no username needed. */
export const passkeySignInOptionsSchema = z.object({
  challenge: z.string(),
  options: webauthnJson,
});
export type PasskeySignInOptions = z.infer<typeof passkeySignInOptionsSchema>;

/** POST /v1/api/auth/passkey: answers exactly as a login does. */
export const passkeySignInRequestSchema = z.object({
  challenge: challengeField,
  response: passkeyResponseField,
});
export type PasskeySignInRequest = z.infer<typeof passkeySignInRequestSchema>;

/**
 * DELETE /v1/api/account: the username typed, the password, and a code (or a recovery code)
 * when TOTP is on. A `confirm` longer than any username cannot be it: the mismatch's words.
 */
export const deleteAccountRequestSchema = z.object({
  password: passwordField,
  confirm: textField(
    ACCOUNT_VALIDATION.confirmUsernameRequired,
    maxLength(64, ACCOUNT_DATA_MESSAGES.confirmMismatch),
  ),
  code: totpCodeField.optional(),
  recoveryCode: recoveryCodeField.optional(),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;
