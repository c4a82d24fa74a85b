import { defineTexts } from '@netpulse/i18n';

/**
 * The envelope texts of Web Push (issue 30): a browser turning push on or off
 * (POST and DELETE /v1/api/push/subscriptions). The server says them in the account's
 * language at the edge.
 */
export const PUSH_MESSAGES = defineTexts('pushMessages', {
  /** The browser's subscription is stored: notices with push on now reach it. */
  subscribed: 'Push is on in this browser.',
  /** The browser's subscription is forgotten. */
  unsubscribed: 'Push is off in this browser.',
  /** DELETE for an endpoint the caller's account has not subscribed. */
  notSubscribed: 'This browser is not subscribed to push on your account',
  /** The subscription's keys are not a P-256 public key and a 16-byte auth secret. */
  keysInvalid: 'The subscription’s keys are not valid push keys',
  /** Push services are reached over https only. */
  endpointNotHttps: 'The push endpoint must be an https address',
  /** The endpoint's host is, or resolves to, a loopback, private or reserved address. */
  endpointNotPublic: 'The push endpoint must be a push service on the internet',
});
