import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { VALIDATION } from '../messages.ts';
import {
  forgotPasswordFormSchema,
  loginFormSchema,
  loginRequestSchema,
  registerFormSchema,
  registerRequestSchema,
  resetPasswordFormSchema,
  resetPasswordRequestSchema,
} from './auth.ts';

/** The messages a schema gives for one field of the input. */
function messagesFor(schema: z.ZodType, input: unknown, field: string): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((i) => i.path[0] === field).map((i) => i.message);
}

const validRegister = {
  email: 'ada@example.com',
  username: 'ada_1',
  password: 'secret',
  confirmPassword: 'secret',
  referralCode: 'ABCDEFGH',
  privacyPolicy: true,
};

describe('login form', () => {
  it.each([
    [undefined, VALIDATION.emailOrUsernameRequired],
    ['', VALIDATION.emailOrUsernameRequired],
    ['ab', VALIDATION.emailOrUsernameInvalid],
    ['has space', VALIDATION.emailOrUsernameInvalid],
    ['a'.repeat(21), VALIDATION.emailOrUsernameInvalid],
    ['not@an@email', VALIDATION.emailOrUsernameInvalid],
  ])('emailOrUsername %j reads %s', (value, message) => {
    expect(
      messagesFor(loginFormSchema, { emailOrUsername: value, password: 'pass' }, 'emailOrUsername'),
    ).toEqual([message]);
  });

  it.each(['ada', 'Ada_Lovelace_2024', 'ada@example.com'])('accepts %s', (value) => {
    expect(loginFormSchema.safeParse({ emailOrUsername: value, password: 'pass' }).success).toBe(
      true,
    );
  });

  it.each([
    [undefined, VALIDATION.passwordRequired],
    ['', VALIDATION.passwordRequired],
    ['abc', VALIDATION.passwordTooShort],
  ])('password %j reads %s', (value, message) => {
    expect(
      messagesFor(loginFormSchema, { emailOrUsername: 'ada', password: value }, 'password'),
    ).toEqual([message]);
  });

  it('the request needs the captcha', () => {
    expect(
      messagesFor(
        loginRequestSchema,
        { emailOrUsername: 'ada', password: 'pass' },
        'captchaResponse',
      ),
    ).toEqual([VALIDATION.captchaRequired]);
  });
});

describe('register form', () => {
  it('accepts a complete form', () => {
    expect(registerFormSchema.safeParse(validRegister).success).toBe(true);
  });

  it.each([
    ['email', '', VALIDATION.emailRequired],
    ['email', 'ada@', VALIDATION.emailInvalid],
    ['username', '', VALIDATION.usernameRequired],
    ['username', 'ab', VALIDATION.usernameTooShort],
    ['username', 'a'.repeat(21), VALIDATION.usernameTooLong],
    ['username', 'ada<b>', VALIDATION.usernameCharacters],
    ['password', '', VALIDATION.passwordRequired],
    ['password', 'abc', VALIDATION.passwordTooShort],
    ['confirmPassword', '', VALIDATION.confirmPasswordRequired],
    ['confirmPassword', 'other', VALIDATION.passwordsMustMatch],
    ['referralCode', '', VALIDATION.inviteCodeRequired],
    ['privacyPolicy', false, VALIDATION.privacyPolicyMustAccept],
    ['privacyPolicy', undefined, VALIDATION.privacyPolicyRequired],
  ])('%s %j reads %s', (field, value, message) => {
    expect(messagesFor(registerFormSchema, { ...validRegister, [field]: value }, field)).toEqual([
      message,
    ]);
  });

  it('shows the mismatch while other fields are still invalid', () => {
    const input = { ...validRegister, email: '', confirmPassword: 'other' };
    expect(messagesFor(registerFormSchema, input, 'confirmPassword')).toEqual([
      VALIDATION.passwordsMustMatch,
    ]);
  });

  it('refuses a value that is not an object instead of throwing', () => {
    for (const value of [null, 'text', 42, []]) {
      expect(registerRequestSchema.safeParse(value).success).toBe(false);
    }
  });

  it('the request drops privacyPolicy and needs the captcha', () => {
    const { privacyPolicy: _omitted, ...payload } = validRegister;
    const parsed = registerRequestSchema.safeParse({
      ...payload,
      privacyPolicy: true,
      captchaResponse: 'x',
    });
    expect(parsed.success && 'privacyPolicy' in parsed.data).toBe(false);
    expect(messagesFor(registerRequestSchema, payload, 'captchaResponse')).toEqual([
      VALIDATION.captchaRequired,
    ]);
  });
});

describe('forgot and reset password forms', () => {
  it.each([
    ['', VALIDATION.emailRequired],
    ['nope', VALIDATION.emailInvalid],
  ])('forgot email %j reads %s', (value, message) => {
    expect(messagesFor(forgotPasswordFormSchema, { email: value }, 'email')).toEqual([message]);
  });

  it.each([
    ['newPassword', '', VALIDATION.passwordRequired],
    ['newPassword', 'abc', VALIDATION.passwordTooShort],
    ['confirmPassword', '', VALIDATION.confirmPasswordRequired],
    ['confirmPassword', 'other', VALIDATION.passwordsMustMatch],
  ])('reset %s %j reads %s', (field, value, message) => {
    const input = { newPassword: 'secret', confirmPassword: 'secret', [field]: value };
    expect(messagesFor(resetPasswordFormSchema, input, field)).toEqual([message]);
  });

  it('the reset request carries the token, not the confirmation', () => {
    const parsed = resetPasswordRequestSchema.parse({
      newPassword: 'secret',
      token: 't',
      confirmPassword: 'secret',
    });
    expect(parsed).toEqual({ newPassword: 'secret', token: 't' });
  });
});
