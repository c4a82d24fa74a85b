import { defineMessages, defineTexts } from '@netpulse/i18n';

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
