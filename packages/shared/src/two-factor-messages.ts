import { defineTexts } from '@netpulse/i18n';

/**
 * The server's answers about the second factors of an account (issue 29): setting up an
 * authenticator app, its recovery codes, the second step of a sign-in, and the console's rule
 * for operators (ADMIN_REQUIRE_2FA). The server translates them at the edge.
 */
export const TWO_FACTOR_MESSAGES = defineTexts('twoFactorMessages', {
  /** POST /v1/api/auth/login of an account with two-factor sign-in on: no session yet. */
  codeNeeded: 'Enter the code from your authenticator app to finish signing in.',
  setupStarted: 'Scan the QR code with your authenticator app, then enter the code it shows.',
  alreadyOn: 'Two-factor sign-in is already on. Turn it off first to set up another app.',
  noSetupWaiting: 'Set up your authenticator app first, then enter the code it shows.',
  turnedOn: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  turnedOff: 'Two-factor sign-in is off.',
  notOn: 'Two-factor sign-in is not on for this account.',
  recoveryCodesRenewed: 'Here are your new recovery codes. The old ones no longer work.',
  wrongCode: 'That code is not right. Check the time on your phone and try the newest code.',
  wrongRecoveryCode: 'That recovery code is not right, or it was used already.',
  /** The fifth wrong code of one sign-in: its challenge is dead. */
  tooManyWrongCodes: 'Too many wrong codes. Please sign in again.',
  /** The console's API to an admin without a second factor (ADMIN_REQUIRE_2FA). */
  consoleNeedsSecondFactor:
    'Add a second factor (an authenticator app or a passkey) to your account to use the console.',
});
