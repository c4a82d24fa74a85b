import { z } from 'zod';
import { VALIDATION } from '../messages.ts';
import { accountNameInPassword, type PasswordOwner } from '../rules/password-policy.ts';
import {
  captchaField,
  EMAIL_MAX,
  emailField,
  isEmail,
  isUsername,
  maxLength,
  newPasswordField,
  passwordField,
  textField,
  usernameField,
} from './fields.ts';

/** An object's fields, `{}` for anything else: `when` runs even on a JSON `null` body. */
const fieldsOf = (value: unknown) =>
  (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
const textOrUndefined = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * Adds "Passwords must match" on `confirmPassword`. `when` lets it run even while
 * other fields are invalid, so the message shows as soon as the person types.
 */
export function confirmMatches<T extends z.ZodObject>(schema: T, passwordKey: string) {
  return schema.refine(
    (value) => fieldsOf(value).confirmPassword === fieldsOf(value)[passwordKey],
    {
      message: VALIDATION.passwordsMustMatch,
      path: ['confirmPassword'],
      when: ({ value }) => {
        const confirm = fieldsOf(value).confirmPassword;
        return typeof confirm === 'string' && confirm.length > 0;
      },
    },
  );
}

/**
 * Adds the name rule on the new password at `passwordKey`: it must not contain the names of
 * its owner (`ownerOf` the form's fields: the username and email beside it, or the account's
 * own). It reports only once the password keeps its own rules, so the field shows one
 * message, and while other fields are invalid.
 */
export function passwordFreeOfNames<T extends z.ZodObject>(
  schema: T,
  passwordKey: string,
  ownerOf: (fields: Record<string, unknown>) => PasswordOwner,
) {
  const problemOf = (value: unknown) => {
    const fields = fieldsOf(value);
    const password = fields[passwordKey];
    if (typeof password !== 'string' || !newPasswordField.safeParse(password).success) return;
    return accountNameInPassword(password, ownerOf(fields));
  };
  return schema.refine((value) => problemOf(value) === undefined, {
    path: [passwordKey],
    error: (issue) => problemOf(issue.input),
    when: ({ value }) => problemOf(value) !== undefined,
  });
}

/** The owner a sign-up's password must not name: the username and email typed beside it. */
const typedOwner = ({ username, email }: Record<string, unknown>): PasswordOwner => ({
  username: textOrUndefined(username),
  email: textOrUndefined(email),
});

export const confirmPasswordField = textField(VALIDATION.confirmPasswordRequired);
const tokenField = textField(VALIDATION.tokenRequired, maxLength(256, 'Token is too long'));

export const loginFormSchema = z.object({
  emailOrUsername: textField(
    VALIDATION.emailOrUsernameRequired,
    maxLength(EMAIL_MAX, VALIDATION.emailOrUsernameInvalid),
    [(text) => isUsername(text) || isEmail(text), VALIDATION.emailOrUsernameInvalid],
  ),
  password: passwordField,
});
export type LoginForm = z.infer<typeof loginFormSchema>;

export const loginRequestSchema = loginFormSchema.extend({ captchaResponse: captchaField });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

const registerFields = {
  email: emailField,
  username: usernameField,
  password: newPasswordField,
  confirmPassword: confirmPasswordField,
  referralCode: textField(VALIDATION.inviteCodeRequired, maxLength(64, 'Invite code is too long')),
};

export const registerFormSchema = passwordFreeOfNames(
  confirmMatches(
    z.object({
      ...registerFields,
      privacyPolicy: z
        .boolean({ error: VALIDATION.privacyPolicyRequired })
        .refine((accepted) => accepted, VALIDATION.privacyPolicyMustAccept),
    }),
    'password',
  ),
  'password',
  typedOwner,
);
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** What the server receives: the form without privacyPolicy, plus the captcha. */
export const registerRequestSchema = passwordFreeOfNames(
  confirmMatches(z.object({ ...registerFields, captchaResponse: captchaField }), 'password'),
  'password',
  typedOwner,
);
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const forgotPasswordRequestSchema = z.object({ email: emailField });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;
export const forgotPasswordFormSchema = forgotPasswordRequestSchema;

export const resetPasswordFormSchema = confirmMatches(
  z.object({ newPassword: newPasswordField, confirmPassword: confirmPasswordField }),
  'newPassword',
);
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/**
 * Reset sends newPassword and the token from the URL; confirmPassword stays in the
 * browser. The server checks the name rule and the common-password list once it
 * knows the link's account.
 */
export const resetPasswordRequestSchema = z.object({
  newPassword: newPasswordField,
  token: tokenField,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const verifyEmailParamsSchema = z.object({
  token: tokenField,
});

export const accessTokenDataSchema = z.object({ accessToken: z.string() });
export type AccessTokenData = z.infer<typeof accessTokenDataSchema>;
