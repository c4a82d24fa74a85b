import { defineMessages, defineTexts } from '@netpulse/i18n';

/**
 * The server's answers about the account's own settings and sessions (issue 29): the
 * Account screen shows them as they are, and the server says them in the account's language.
 */
export const ACCOUNT_MESSAGES = defineTexts('accountMessages', {
  usernameChanged: 'Your username is changed.',
  usernameUnchanged: 'This is already your username.',
  /** A wrong current password, on the password and email forms (it counts as a failed login). */
  currentPasswordWrong: 'Your current password is not right.',
  passwordChanged: 'Your password is changed. Every other browser is signed out.',
  emailUnchanged: 'This is already your email address.',
  /** The same answer whether or not another account has the address (it is never told). */
  emailChangeRequested:
    'Open the link we sent to your new address to confirm it. Until then your email stays as it is.',
  emailChanged: 'Your new email address is confirmed.',
  emailLinkInvalid: 'This link is invalid or has expired.',
  emailTakenMeanwhile: 'Another account uses this email address now, so it cannot be yours.',
  emailChangeUndone:
    'Your previous email address is back and every browser is signed out. Reset your password now: whoever changed the address may know it.',
  emailUndoTaken:
    'Your previous email address belongs to another account now, so the change cannot be undone. Reset your password now.',
  sessionEnded: 'That browser is signed out.',
  /** The person ended the session of the browser they asked from. */
  signedOutHere: 'You ended this browser’s session: it is signed out.',
  sessionNotFound: 'This session does not exist or has ended already.',
  otherSessionsEnded: 'Every other browser is signed out.',
});

/** Account answers that carry a value, formatted in the request's language. */
export const ACCOUNT_MESSAGE_TEMPLATES = defineMessages({
  /** The Sessions list's name of a browser: "Chrome on Windows". */
  browserOnSystem: {
    id: 'accountMessages.browserOnSystem',
    defaultMessage: '{browser} on {system}',
    description: 'browser: Chrome, Firefox, Safari…; system: Windows, macOS, Android…',
  },
  unknownBrowser: { id: 'accountMessages.unknownBrowser', defaultMessage: 'Unknown browser' },
  usernameChangeWait: {
    id: 'accountMessages.usernameChangeWait',
    defaultMessage:
      'A username can change once in {days, plural, one {# day} other {# days}}. You can change yours again from {date} UTC.',
    description: 'date: YYYY-MM-DD HH:mm, in UTC.',
  },
});
