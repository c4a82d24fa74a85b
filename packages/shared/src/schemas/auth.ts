import { z } from 'zod';
import { VALIDATION } from '../messages.ts';
import {
  captchaField,
  EMAIL_MAX,
  emailField,
  isEmail,
  isUsername,
  passwordField,
  maxLength,
  textField,
  usernameField,
} from './fields.ts';

/**
 * Adds "Passwords must match" on `confirmPassword`. `when` lets it run even while
 * other fields are invalid, so the message shows as soon as the person types.
 */
function confirmMatches<T extends z.ZodObject>(schema: T, passwordKey: string) {
  // `when` runs even when the value is not an object at all (a JSON `null` body).
  const fieldsOf = (value: unknown) =>
    (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
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

const confirmPasswordField = textField(VALIDATION.confirmPasswordRequired);
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
  password: passwordField,
  confirmPassword: confirmPasswordField,
  referralCode: textField(VALIDATION.inviteCodeRequired, maxLength(64, 'Invite code is too long')),
};

export const registerFormSchema = confirmMatches(
  z.object({
    ...registerFields,
    privacyPolicy: z
      .boolean({ error: VALIDATION.privacyPolicyRequired })
      .refine((accepted) => accepted, VALIDATION.privacyPolicyMustAccept),
  }),
  'password',
);
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** What the server receives: the form without privacyPolicy, plus the captcha. */
export const registerRequestSchema = confirmMatches(
  z.object({ ...registerFields, captchaResponse: captchaField }),
  'password',
);
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const forgotPasswordRequestSchema = z.object({ email: emailField });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;
export const forgotPasswordFormSchema = forgotPasswordRequestSchema;

export const resetPasswordFormSchema = confirmMatches(
  z.object({ newPassword: passwordField, confirmPassword: confirmPasswordField }),
  'newPassword',
);
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** Reset sends newPassword and the token from the URL; confirmPassword stays in the browser. */
export const resetPasswordRequestSchema = z.object({
  newPassword: passwordField,
  token: tokenField,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const verifyEmailParamsSchema = z.object({
  token: tokenField,
});

export const accessTokenDataSchema = z.object({ accessToken: z.string() });
export type AccessTokenData = z.infer<typeof accessTokenDataSchema>;
