import { describe, expect, it } from 'vitest';
import { ACCOUNT_VALIDATION } from '../account-texts.ts';
import { VALIDATION } from '../messages.ts';
import { changePasswordFormSchema } from './account.ts';

const owner = { username: 'ada_l', email: 'lovelace@example.com' };
const messagesOf = (form: object) =>
  changePasswordFormSchema(owner)
    .safeParse(form)
    .error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('the Account screen’s password form', () => {
  it('takes the current password and a new one typed twice alike', () => {
    expect(
      messagesOf({
        currentPassword: 'old',
        newPassword: 'brand-new-pass',
        confirmPassword: 'brand-new-pass',
      }),
    ).toEqual([]);
  });

  it('says at once that the two new passwords differ, and that one holds the account’s names', () => {
    expect(
      messagesOf({
        currentPassword: 'old',
        newPassword: 'lovelace-rules',
        confirmPassword: 'lovelace-rule',
      }),
    ).toEqual([
      ['confirmPassword', VALIDATION.passwordsMustMatch],
      ['newPassword', VALIDATION.newPasswordHasEmail],
    ]);
  });

  it('keeps the rules of every new password, one message a field', () => {
    expect(
      messagesOf({ currentPassword: '', newPassword: '12345678', confirmPassword: '12345678' }),
    ).toEqual([
      ['currentPassword', ACCOUNT_VALIDATION.currentPasswordRequired],
      ['newPassword', VALIDATION.newPasswordRepetitive],
    ]);
  });
});
