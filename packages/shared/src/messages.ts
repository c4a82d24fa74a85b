import { defineMessages, defineTexts } from '@netpulse/i18n';

/**
 * Every user-facing text of spec sections 5 and 8, in one place so the server,
 * the web app and the tests quote the same words.
 */
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

export const GENERIC_TOASTS = defineTexts('genericToasts', {
  somethingWentWrong: 'Something went wrong',
  somethingWentWrongBang: 'Something went wrong!',
  copied: 'Copied!',
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

/** Toasts of the claims and data screens (spec section 8). */
export const CLAIM_TOASTS = defineTexts('claimToasts', {
  dailyClaimSuccess: 'Daily claim successful! 🎉',
  dailyClaimFailure: 'An error occurred while adding daily claim data.',
  streakClaimSuccess: 'Streak bonus reward claimed successfully! 🎉',
  referralClaimSuccess: 'Referral quest reward claimed successfully! 🎉',
  pointsClaimSuccess: 'Bytes claimed! 🎉',
  claimFailure: 'An error occurred while claiming bonus.',
});

/**
 * The toast of a read that failed (spec section 8: "An error occurred while fetching
 * {what}."), one whole sentence per read so that each translates as a sentence.
 */
export const FETCH_FAILED = defineTexts('fetchFailed', {
  userProfile: 'An error occurred while fetching user profile data.',
  dashboardStats: 'An error occurred while fetching dashboard stats data.',
  dashboardStatistic: 'An error occurred while fetching dashboard statistic data.',
  dashboardEarningChart: 'An error occurred while fetching dashboard earning chart data.',
  questConstants: 'An error occurred while fetching quest constant data.',
  referralCampaign: 'An error occurred while fetching referral campaign data.',
  referralStatus: 'An error occurred while fetching referral status data.',
  transactions: 'An error occurred while fetching transaction history data.',
  earnings: 'An error occurred while fetching earnings data.',
  nodes: 'An error occurred while fetching node data.',
  speedtestQuota: 'An error occurred while fetching speed test quota data.',
  speedHistory: 'An error occurred while fetching speed history data.',
  speedtestReceipt: 'An error occurred while fetching speed test receipt data.',
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

/** Server answers of the social quests. */
export const QUEST_MESSAGES = defineTexts('questMessages', {
  verified: 'Verified! You can claim your reward now.',
  notFollowing: 'You do not follow this account on X yet.',
  notRetweeted: 'You have not retweeted the Validator Launch Tweet yet.',
  youtubeVerifying: 'Thanks! Your subscription is being verified.',
  youtubeAlreadyVerified: 'Your subscription is verified. You can claim your reward.',
  youtubeSignInFirst: 'Sign in with YouTube to verify your subscription.',
  notSubscribed: 'You are not subscribed to our YouTube channel yet.',
  youtubeChannelRequired: 'Enter the YouTube channel you subscribed with.',
  youtubeChannelInvalid:
    "Enter your channel's handle, like @name, or its address, like https://www.youtube.com/@name.",
  notReady: 'Complete this quest before claiming it.',
  alreadyClaimed: 'This quest reward was already claimed.',
  alreadyDone: 'This quest is already verified.',
  accessTokenMissing: 'accessToken is required',
  loginStateMissing: 'state is required',
  claimed: 'Bytes claimed! 🎉',
});

/**
 * Server answers of the social quests that name the platform (X, Discord, Telegram,
 * YouTube: `{platform}`) or the product (`{productName}`).
 */
export const QUEST_MESSAGE_TEMPLATES = defineMessages({
  notConfigured: {
    id: 'questMessages.notConfigured',
    defaultMessage: '{platform} is not configured on this server',
  },
  connectFirst: {
    id: 'questMessages.connectFirst',
    defaultMessage: 'Connect your {platform} account first.',
  },
  linked: { id: 'questMessages.linked', defaultMessage: '{platform} account connected.' },
  identityRefused: {
    id: 'questMessages.identityRefused',
    defaultMessage: '{platform} did not confirm this account. Please log in with {platform} again.',
  },
  accountTaken: {
    id: 'questMessages.accountTaken',
    defaultMessage:
      'This {platform} account is already connected to another {productName} account.',
  },
  platformUnavailable: {
    id: 'questMessages.platformUnavailable',
    defaultMessage: '{platform} could not be reached. Please try again in a moment.',
  },
  notMember: {
    id: 'questMessages.notMember',
    defaultMessage:
      'We could not find you there yet on {platform}. Try again once you have joined.',
  },
  nameMissing: {
    id: 'questMessages.nameMissing',
    defaultMessage: 'Add {productName} to your {platform} name first.',
  },
  keepName: {
    id: 'questMessages.keepName',
    defaultMessage: 'Keep {productName} in your {platform} name for 24 hours, then verify again.',
    description: 'The 24 hours are fixed: a name quest keeps its timer for a day.',
  },
  otherAccountLinked: {
    id: 'questMessages.otherAccountLinked',
    defaultMessage: 'Another {platform} account is already connected to your account.',
  },
  loginExpired: {
    id: 'questMessages.loginExpired',
    defaultMessage: 'This {platform} login has expired. Please start again.',
  },
  /** A login's state that this session was not issued, or that was used already. */
  loginNotStartedHere: {
    id: 'questMessages.loginNotStartedHere',
    defaultMessage:
      'This {platform} login was not started from this session. Please connect again.',
  },
});

/** Toasts of the Quests screen (spec section 8). */
export const QUEST_TOASTS = defineTexts('questToasts', {
  loginSuccess: {
    x: 'Twitter login successful!',
    discord: 'Discord login successful!',
    telegram: 'Telegram login successful!',
  },
  linkFailure: {
    x: 'An error occurred while linking twitter.',
    discord: 'An error occurred while linking discord.',
    telegram: 'An error occurred while linking telegram.',
  },
  verifyFailure: {
    x: 'Failed to verify twitter due to an error.',
    discord: 'Failed to verify discord due to an error.',
    telegram: 'Failed to verify telegram due to an error.',
    youtube: 'Failed to verify youtube due to an error.',
  },
  nameVerifyFailure: {
    x: 'Failed to verify X name due to an error.',
    discord: 'Failed to verify Discord name due to an error.',
    telegram: 'Failed to verify Telegram name due to an error.',
  },
  twitterVerifySuccess: 'Twitter verify successful!',
});

/**
 * A test's receipt (issue 17): its points explained factor by factor. The web
 * app's receipt panel and its tests read these, so both quote the same words.
 */
export const RECEIPT_TEXTS = defineTexts('receiptTexts', {
  title: 'Test receipt',
  /** @param points the base every credited test starts from */
  base: (points: number) => `${points} Bytes base`,
  uniqueIpApplied: 'Unique IP: no other account used this address in the last 24 hours',
  uniqueIpMissed: 'No Unique IP boost: another account used this address in the last 24 hours',
  locationApplied: 'Location: a location was shared with this test',
  locationMissed: 'No Location boost: location was not shared',
  eliteBoost: 'Elite Role boost',
  /** @param points what the test was credited */
  total: (points: number) => `Total: ${points} Bytes`,
  /** @param points the commission the test paid the user's referrer */
  referrerCommission: (points: number) =>
    `Your referrer earned ${points} Bytes commission from this test`,
  loadFailed: 'The receipt of this test could not be loaded.',
});

/** The Nodes screen and the speed test run in the page (issue 17). */
export const NODE_SCREEN_TEXTS = defineTexts('nodeScreenTexts', {
  listFailed: 'Your nodes could not be loaded.',
  historyFailed: 'The speed history could not be loaded.',
  emptyTitle: 'No nodes yet',
  emptyDetail:
    'A node is a browser that runs speed tests for you: the validator extension, or this page when you run a test here. Install the extension to earn Bytes in the background.',
  removeWarning:
    'Its extension will be signed out. Its tests stay in your history, and you can add it again from the extension popup.',
  /** Beside the danger button: the node itself does not come back. */
  removeCannotBeUndone:
    'This cannot be undone: the node leaves your list now, and adding it again makes a new node.',
  /** Removing the page's own node: there is no extension to sign out. */
  removeWarningBrowser:
    'Its tests stay in your history. A test run on this page again adds this browser back as a new node.',
  speedtestFailed: 'The speed test could not finish. Please try again.',
  workerUnavailable: 'This browser cannot run the speed test here.',
});
