import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { LIMIT_MESSAGES, VALIDATION } from '../messages.ts';
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
  password: 'sturdy-secret',
  confirmPassword: 'sturdy-secret',
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
    ['password', 'abc', VALIDATION.newPasswordTooShort],
    ['password', 'seven77', VALIDATION.newPasswordTooShort],
    ['password', 'x'.repeat(129), LIMIT_MESSAGES.passwordTooLong],
    ['password', '11111111', VALIDATION.newPasswordRepetitive],
    ['password', 'ABCDEFGHIJ', VALIDATION.newPasswordRepetitive],
    ['password', 'my ADA_1 secret', VALIDATION.newPasswordHasUsername],
    ['password', 'Ada-the-first', VALIDATION.newPasswordHasEmail],
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

  it('takes 8 characters and up to 128 (no limit below 64) that name neither the user nor the email', () => {
    for (const password of ['sturdy-8', 'a'.repeat(63) + 'b', 'x'.repeat(127) + 'y', 'adb_1 ad@']) {
      const input = { ...validRegister, password, confirmPassword: password };
      expect(registerFormSchema.safeParse(input).success, password).toBe(true);
    }
  });

  it('checks the names once the password keeps its own rules, and while other fields are invalid', () => {
    const shortWithName = { ...validRegister, password: 'ada_1', confirmPassword: 'ada_1' };
    expect(messagesFor(registerFormSchema, shortWithName, 'password')).toEqual([
      VALIDATION.newPasswordTooShort,
    ]);
    const nameWhileInvalid = {
      ...validRegister,
      referralCode: '',
      privacyPolicy: false,
      password: 'x-ada_1-x',
      confirmPassword: 'other',
    };
    expect(messagesFor(registerRequestSchema, nameWhileInvalid, 'password')).toEqual([
      VALIDATION.newPasswordHasUsername,
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
    ['newPassword', 'abc', VALIDATION.newPasswordTooShort],
    ['newPassword', 'zzzzzzzz', VALIDATION.newPasswordRepetitive],
    ['confirmPassword', '', VALIDATION.confirmPasswordRequired],
    ['confirmPassword', 'other', VALIDATION.passwordsMustMatch],
  ])('reset %s %j reads %s', (field, value, message) => {
    const input = { newPassword: 'sturdy-8', confirmPassword: 'sturdy-8', [field]: value };
    expect(messagesFor(resetPasswordFormSchema, input, field)).toEqual([message]);
  });

  it('the reset request carries the token, not the confirmation', () => {
    const parsed = resetPasswordRequestSchema.parse({
      newPassword: 'sturdy-8',
      token: 't',
      confirmPassword: 'sturdy-8',
    });
    expect(parsed).toEqual({ newPassword: 'sturdy-8', token: 't' });
  });
});
