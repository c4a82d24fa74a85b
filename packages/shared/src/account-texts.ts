import { defineTexts } from '@netpulse/i18n';

/**
 * The validation texts of the account's own requests (issue 29: settings, sessions, two
 * factors, the data): the forms of /settings and the server's 400s quote the same words.
 */
export const ACCOUNT_VALIDATION = defineTexts('accountValidation', {
  currentPasswordRequired: 'Enter your current password',
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  codeFormat: 'The code is 6 digits',
  recoveryCodeRequired: 'Enter one of your recovery codes',
  recoveryCodeFormat: 'A recovery code is 10 letters and digits, like abcde-12345',
  codeOrRecoveryCode: 'Enter either a code from your app or a recovery code, not both',
  challengeRequired: 'This sign-in has expired. Please sign in again.',
  passkeyNameRequired: 'Give this passkey a name',
  passkeyNameTooLong: 'A passkey’s name is at most 64 characters',
  passkeyResponseRequired: 'Your browser did not return a passkey. Please try again.',
  confirmUsernameRequired: 'Type your username to confirm',
  sessionIdInvalid: 'This session does not exist',
  passkeyIdInvalid: 'This passkey does not exist',
});
