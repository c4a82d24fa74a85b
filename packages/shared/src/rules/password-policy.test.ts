import { describe, expect, it } from 'vitest';
import { VALIDATION } from '../messages.ts';
import { newPasswordProblem } from '../schemas/fields.ts';
import { accountNameInPassword, isRepeatedOrSequential } from './password-policy.ts';

const ada = { username: 'Ada_L', email: 'Ada.Lovelace@example.com' };

describe('the rules of a new password', () => {
  it.each(['aaaaaaaa', 'AAAAaaaa', '12345678', '87654321', 'abcdefghij', 'ZYXWVUTS', '########'])(
    '%j is one repeated character or a sequence',
    (password) => expect(isRepeatedOrSequential(password)).toBe(true),
  );

  it.each(['abcdefgi', '12345679', 'aaaaaaab', 'acegikmo', 'correct horse', 'x'])(
    '%j is not',
    (password) => expect(isRepeatedOrSequential(password)).toBe(false),
  );

  it.each([
    ['my-ada_l-pass', VALIDATION.newPasswordHasUsername],
    ['ADA_L', VALIDATION.newPasswordHasUsername],
    ['ada.lovelace!', VALIDATION.newPasswordHasEmail],
    ['xADA.LOVELACE@EXAMPLE.COMx', VALIDATION.newPasswordHasEmail],
    ['ada lovelace', undefined],
    ['example.com rocks', undefined],
  ])('%j against the names of the account reads %s', (password, message) => {
    expect(accountNameInPassword(password, ada)).toBe(message);
  });

  it('leaves out names under 3 characters and an address still being typed', () => {
    expect(accountNameInPassword('jo-horse-jo', { email: 'jo@example.com' })).toBeUndefined();
    expect(accountNameInPassword('bob-the-horse', { email: 'bob' })).toBeUndefined();
    expect(accountNameInPassword('bob-the-horse', { email: 'bob@' })).toBe(
      VALIDATION.newPasswordHasEmail,
    );
  });

  it.each([
    ['', VALIDATION.passwordRequired],
    ['seven77', VALIDATION.newPasswordTooShort],
    ['x'.repeat(129), 'Password cannot exceed 128 characters'],
    ['00000000', VALIDATION.newPasswordRepetitive],
    ['ada_l-horse', VALIDATION.newPasswordHasUsername],
    ['sturdy-8', undefined],
    ['x'.repeat(64), VALIDATION.newPasswordRepetitive],
    ['xy'.repeat(64), undefined],
  ])('newPasswordProblem(%j) is the first rule broken: %s', (password, message) => {
    expect(newPasswordProblem(password, ada)).toBe(message);
  });
});
