import { defineMessages, defineTexts } from '@netpulse/i18n';

/**
 * Every user-facing text of spec sections 5 and 8, here or in the modules re-exported below, so
 * the server, the web app and the tests quote the same words. A group a few screens show has a
 * module of its own, so a bundle's chunks can carry it with those screens alone. They register
 * before this module's groups, in this order: where two groups hold the same English (a toast
 * and the server's answer), `textId` finds the first (define-texts.ts).
 */
export * from './generic-toasts.ts';
export * from './claim-messages.ts';
export * from './quest-messages.ts';
export * from './receipt-texts.ts';
export * from './node-screen-texts.ts';

export const VALIDATION = defineTexts('validation', {
  emailOrUsernameRequired: 'Email or username is required',
  emailOrUsernameInvalid: 'Please enter a valid email or username',
  passwordRequired: 'Password is required',
  /** The login form's minimum: accounts made before decision 028 may have such a password. */
  passwordTooShort: 'Password is too short! (minimum 4 characters)',
  /**
   * Not in the spec: the rules of a new password (sign-up, reset, change), after
   * NIST SP 800-63B; see docs/decisions/028-password-policy.md.
   */
  newPasswordTooShort: 'Use at least 8 characters',
  newPasswordCommon: 'This password is one of the most common ones: choose another',
  newPasswordRepetitive:
    'This password is one repeated character or a simple sequence: choose another',
  newPasswordHasUsername: 'Your password must not contain your username',
  newPasswordHasEmail:
    'Your password must not contain the name of your email address (before the @)',
  emailInvalid: 'Please enter a valid email',
  emailRequired: 'Email is required',
  usernameTooShort: 'Username must be at least 3 characters',
  usernameTooLong: 'Username cannot exceed 20 characters',
  usernameRequired: 'Username is required',
  /** Not in the spec: see docs/decisions/002-username-characters.md. */
  usernameCharacters: 'Username can only contain letters, digits and underscores',
  passwordsMustMatch: 'Passwords must match',
  confirmPasswordRequired: 'Confirm Password is required',
  inviteCodeRequired: 'Invite code is required',
  privacyPolicyMustAccept: 'You must accept the terms and privacy policy',
  privacyPolicyRequired: 'Privacy policy agreement is required',
  captchaRequired: 'Please complete the CAPTCHA verification.',
  /** Server-side only: the code is well formed but belongs to no user or live invite. */
  inviteCodeUnknown: 'This invite code is not valid',
  tokenRequired: 'This link is missing its token. Please use the link from your email.',
});

export const AUTH_TOASTS = defineTexts('authToasts', {
  loginSuccess: 'Logged in successfully!',
  loginFailure: 'Login failed due to an error.',
  loginRejected: 'Login failed!',
  registerSuccess: 'A verification email has been sent to your email address.',
  registerFailure: 'Register failed due to an error.',
  registerRejected: 'Register failed!',
  forgotSuccess: 'Password reset email sent successfully.',
  forgotFailure: 'Email sent failed. Please check your details and try again.',
  forgotError: 'Email sent failed due to an error.',
  forgotRejected: 'Email sent failed!',
  resetSuccess: 'Your password has been successfully reset.',
  resetFailure: 'Reset password failed. Please check your details and try again.',
  resetError: 'Reset password failed due to an error.',
  resetRejected: 'Reset password failed!',
  verifySuccess: 'You have successfully verified your account.',
  verifyFailure: 'You are not verified. Please check your email for verification.',
  verifyError: 'Verification failed due to an error.',
});

/** Server answers that the web app shows as they are. */
export const SERVER_MESSAGES = defineTexts('serverMessages', {
  loggedIn: 'Logged in successfully!',
  invalidCredentials: 'Invalid email/username or password',
  /** An unverified login: the web app then offers "Resend the email" (docs/decisions/033). */
  emailNotVerified:
    'Your email address is not verified yet. Open the link in the email we sent you, or ask for a new one.',
  /** A banned account's login, and its open tabs' next call (docs/decisions/033). */
  accountBanned: 'This account was banned.',
  /** A resend of the verification mail: the same whether or not the address has an account. */
  verificationResent:
    'If this address has an account waiting for verification, a new email is on its way.',
  signedUp: 'A verification email has been sent to your email address.',
  verified: 'You have successfully verified your account.',
  verifyTokenInvalid: 'This verification link is invalid or has expired.',
  /** A verification link of an address that is verified already (issue 14). */
  emailAlreadyVerified: 'This email is already verified. You can log in.',
  forgotAccepted: 'If an account exists for that email, a password reset email has been sent.',
  resetDone: 'Your password has been successfully reset.',
  resetTokenInvalid: 'This password reset link is invalid or has expired.',
  refreshed: 'Token refreshed',
  refreshInvalid: 'Your session has expired. Please log in again.',
  loggedOut: 'Logged out',
  unauthorized: 'Authentication required',
  forbiddenOrigin: 'Request origin not allowed',
  /** A signed-in route an extension node's own session may not call (docs/decisions/026). */
  nodeSessionForbidden:
    "This is the extension's session: it can only run speed tests. Sign in on the website to do this.",
  captchaFailed: 'CAPTCHA verification failed. Please try again.',
  emailTaken: 'This email is already registered',
  usernameTaken: 'This username is already taken',
  validationFailed: 'Validation failed',
  /** A field's value the schema refused without a message of its own. */
  invalidValue: 'Invalid value',
  /** A write that a unique index says was made already (two clicks, two tabs). */
  alreadyDone: 'This was already done',
  addressTooLong: 'The address is too long',
  addressInvalid: 'The address is not valid',
  valueOutOfRange: 'A value in the request is out of the range this server can store',
  tooManyRequests: 'Too many requests. Please try again later.',
  notFound: 'Not found',
  extensionNotBuilt:
    'The validator extension is not built on this server yet: run npm run build, which makes it.',
  internalError: 'Something went wrong',
  ok: 'OK',
  /** PATCH /v1/api/account/preferences. */
  preferencesSaved: 'Your preferences are saved.',
});

/**
 * A wait as people read it: "42 s", "3 min 5 s" (rounded up to whole seconds). Up to
 * 90 s it stays in seconds, so a countdown from a minute reads 60 s, 59 s, not 1 min, 59 s.
 */
export function waitText(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  if (whole <= 90) return `${whole} s`;
  const rest = whole % 60;
  return `${Math.floor(whole / 60)} min${rest ? ` ${rest} s` : ''}`;
}

/**
 * The parts of a wait as `waitText` writes it: seconds alone up to 90 s, else whole minutes
 * and the seconds left over. The values of `SERVER_MESSAGE_TEMPLATES.resendWait`.
 */
export function waitValues(seconds: number): { minutes: number; seconds: number } {
  const whole = Math.max(0, Math.ceil(seconds));
  if (whole <= 90) return { minutes: 0, seconds: whole };
  return { minutes: Math.floor(whole / 60), seconds: whole % 60 };
}

/**
 * Server answers that carry a number: messages with placeholders, formatted in the
 * request's language by the server (apps/server/src/lib/server-intl.ts) and by the web app.
 */
export const SERVER_MESSAGE_TEMPLATES = defineMessages({
  /** A verification mail asked for again too soon (docs/decisions/033). Values: `waitValues(seconds)`. */
  resendWait: {
    id: 'serverMessageTemplates.resendWait',
    defaultMessage:
      'You can resend in {minutes, plural, =0 {{seconds} s} other {# min{seconds, plural, =0 {} other { {seconds} s}}}}.',
    description:
      'A wait before the verification mail can be sent again: "42 s", "3 min 5 s" (abbreviated units).',
  },
  loginLocked: {
    id: 'serverMessageTemplates.loginLocked',
    defaultMessage:
      'Too many failed login attempts for this account. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
    description: 'minutes: until the account may try to log in again.',
  },
});

/** Upper bounds the spec leaves open; they keep hashing and storage bounded. */
export const LIMIT_MESSAGES = defineTexts('limitMessages', {
  passwordTooLong: 'Password cannot exceed 128 characters',
  emailTooLong: 'Email cannot exceed 254 characters',
});

/** Server answers of the points engine. */
export const POINTS_MESSAGES = defineTexts('pointsMessages', {
  dailyClaimed: 'Daily claim successful! 🎉',
  alreadyClaimedToday: 'You have already claimed today. The next claim unlocks at midnight UTC.',
  streakClaimed: 'Streak bonus reward claimed successfully! 🎉',
  noStreakMilestone: 'No streak milestone is ready to claim yet.',
  speedtestOpened: 'Speed test opened',
  speedtestCredited: 'Speed test completed',
  speedtestUnknown: 'No open speed test with this id',
  /** A receipt asked for a test that is not a credited test of the user (issue 17). */
  creditedTestUnknown: 'No credited speed test of yours has this id',
  speedtestNotMeasured: 'This speed test has not been measured in both directions',
  speedtestAlreadyCompleted: 'This speed test was already completed',
  speedtestExpired: 'This speed test has expired. Please start a new one.',
  dailyLimitReached:
    'You have reached the daily limit of speed tests. Try again after midnight UTC.',
  tooSoon: 'Please wait a little before running another speed test.',
  referralClaimed: 'Referral quest reward claimed successfully! 🎉',
  noReferralMilestone: 'No referral milestone is ready to claim yet.',
});
