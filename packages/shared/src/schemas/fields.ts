import { z } from 'zod';
import { LIMIT_MESSAGES, VALIDATION } from '../messages.ts';
import { NEW_PASSWORD_MIN, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '../constants.ts';
import {
  accountNameInPassword,
  isRepeatedOrSequential,
  type PasswordOwner,
} from '../rules/password-policy.ts';

export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;
const emailFormat = z.email();

/** True when the text is an email address as the forms accept it. */
export function isEmail(text: string): boolean {
  return emailFormat.safeParse(text).success;
}

/** True when the text is a username as login accepts it: 3-20 letters, digits or underscores. */
export function isUsername(text: string): boolean {
  return text.length >= USERNAME_MIN && text.length <= USERNAME_MAX && USERNAME_PATTERN.test(text);
}

/** A rule of a text field: the message to show when `holds` is false. */
export type TextRule = readonly [holds: (text: string) => boolean, message: string];

/**
 * A required text field that reports one message, the first rule that fails, as
 * spec section 5 shows one message under a field. Absence and emptiness both read
 * as `requiredMessage`, so a missing JSON field and an empty input say the same.
 * (zod's own `abort` would stop object-level rules such as "Passwords must match".)
 */
export function textField(requiredMessage: string, ...rules: TextRule[]) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? requiredMessage : 'Must be text') })
    .check((ctx) => {
      const text = ctx.value;
      const failed =
        text.length === 0 ? requiredMessage : rules.find(([holds]) => !holds(text))?.[1];
      if (failed !== undefined) {
        ctx.issues.push({ code: 'custom', message: failed, input: text, continue: true });
      }
    });
}

export const minLength = (min: number, message: string): TextRule => [
  (t) => t.length >= min,
  message,
];
export const maxLength = (max: number, message: string): TextRule => [
  (t) => t.length <= max,
  message,
];

export const emailField = textField(
  VALIDATION.emailRequired,
  maxLength(EMAIL_MAX, LIMIT_MESSAGES.emailTooLong),
  [isEmail, VALIDATION.emailInvalid],
);

/** A password as login takes it: what accounts made before decision 028 may have. */
export const passwordField = textField(
  VALIDATION.passwordRequired,
  minLength(PASSWORD_MIN, VALIDATION.passwordTooShort),
  maxLength(PASSWORD_MAX, LIMIT_MESSAGES.passwordTooLong),
);

/**
 * A new password (sign-up, reset, change): the rules of one field, after NIST
 * SP 800-63B (docs/decisions/028-password-policy.md). The name rule needs the
 * account beside it (`newPasswordProblem`); the common-password list is the server's.
 */
export const newPasswordField = textField(
  VALIDATION.passwordRequired,
  minLength(NEW_PASSWORD_MIN, VALIDATION.newPasswordTooShort),
  maxLength(PASSWORD_MAX, LIMIT_MESSAGES.passwordTooLong),
  [(text) => !isRepeatedOrSequential(text), VALIDATION.newPasswordRepetitive],
);

/**
 * The first rule of a new password that `password` breaks, or undefined: the
 * field's rules, then the name rule. For every place a password is set (a change
 * form included); the server adds the list of the most common passwords.
 */
export function newPasswordProblem(password: string, owner: PasswordOwner): string | undefined {
  const field = newPasswordField.safeParse(password);
  if (!field.success) return field.error.issues[0]?.message;
  return accountNameInPassword(password, owner);
}

export const usernameField = textField(
  VALIDATION.usernameRequired,
  minLength(USERNAME_MIN, VALIDATION.usernameTooShort),
  maxLength(USERNAME_MAX, VALIDATION.usernameTooLong),
  [(t) => USERNAME_PATTERN.test(t), VALIDATION.usernameCharacters],
);

export const captchaField = textField(
  VALIDATION.captchaRequired,
  maxLength(10_000, VALIDATION.captchaRequired),
);
