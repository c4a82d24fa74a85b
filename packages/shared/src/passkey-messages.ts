import { defineMessages, defineTexts } from '@netpulse/i18n';

/**
 * What the passkey routes answer (issue 29): adding, renaming and removing a passkey on the
 * Account screen, and signing in with one on /login. The server says them in the request's
 * language at the edge; the web app shows them as they come.
 */
export const PASSKEY_MESSAGES = defineTexts('passkeyMessages', {
  added: 'Your passkey is added. You can sign in with it now.',
  renamed: 'The passkey is renamed.',
  removed: 'The passkey is removed. It no longer signs in to this account.',
  /** No registration options asked for in the last 5 minutes (or they were used). */
  registrationExpired: 'Adding the passkey took too long. Please try again.',
  /** The authenticator's answer failed verification (origin, challenge, signature…). */
  notVerified: 'Your passkey could not be verified. Please try again.',
  /** The authenticator did not check who is using it: it could not count as two factors. */
  userNotVerified:
    'This passkey does not check that it is you (with a PIN, a fingerprint or your face). Please use one that does.',
  /** The credential is already one of an account's passkeys. */
  alreadyAdded: 'This passkey is already added.',
  /** A sign-in with a credential no account has: removed here but still on the device. */
  unknownPasskey:
    'This passkey is not registered here (it may have been removed). Sign in with your password instead.',
  /** A sign-in whose challenge expired, was used, or was never made. */
  signInExpired: 'This passkey sign-in has expired. Please try again.',
  /** PUBLIC_URL's host is an IP address: browsers refuse passkeys for one. */
  unavailable:
    'Passkeys are not available on this server: it is reached by an IP address, and passkeys need a host name.',
});

/** The passkey answers that carry a number, formatted in the request's language. */
export const PASSKEY_MESSAGE_TEMPLATES = defineMessages({
  tooMany: {
    id: 'passkeyMessages.tooMany',
    defaultMessage:
      'You have {count, number} passkeys, the most an account can have. Remove one to add another.',
    description: 'count: the most passkeys an account can have (20).',
  },
  signInLocked: {
    id: 'passkeyMessages.signInLocked',
    defaultMessage:
      'Too many failed passkey sign-ins from your network. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
    description: 'minutes: until passkey sign-in may be tried again from this address.',
  },
});
