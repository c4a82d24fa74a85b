/**
 * The security notices (issue 29): each security event of an account is mailed to it, saying
 * what happened, when (UTC), from which browser and network (never the address), and what to
 * do if it was not the person. Written like templates.ts: text and HTML parts, values escaped
 * in the HTML by htmlBody.
 */
import { defineMessages } from '@netpulse/i18n';
import { formatDateTime } from '@netpulse/shared';
import type { SecurityEventType } from '../../db/tables/security-events-tables.ts';
import { UNKNOWN_BROWSER } from '../../lib/browser-name.ts';
import type { MailMessage } from './mailer.ts';
import { htmlBody, wordsIn, type MailContext } from './templates.ts';

const SECURITY_TEXTS = defineMessages({
  newBrowserSubject: {
    id: 'mail.securityNewBrowserSubject',
    defaultMessage: 'New sign-in to your {productName} account',
  },
  newBrowserIntro: {
    id: 'mail.securityNewBrowserIntro',
    defaultMessage:
      'Your {productName} account was signed in to from a browser it has not used before.',
  },
  passwordChangedSubject: {
    id: 'mail.securityPasswordChangedSubject',
    defaultMessage: 'Your {productName} password was changed',
  },
  passwordChangedIntro: {
    id: 'mail.securityPasswordChangedIntro',
    defaultMessage:
      'The password of your {productName} account was changed, and every other browser was signed out.',
  },
  emailChangeRequestedSubject: {
    id: 'mail.securityEmailChangeRequestedSubject',
    defaultMessage: 'A new email address was asked for your {productName} account',
  },
  emailChangeRequestedIntro: {
    id: 'mail.securityEmailChangeRequestedIntro',
    defaultMessage:
      'Someone signed in to your {productName} account asked to change its email address. Nothing changes until the new address confirms it.',
  },
  emailChangedSubject: {
    id: 'mail.securityEmailChangedSubject',
    defaultMessage: 'This is now the email address of your {productName} account',
  },
  emailChangedIntro: {
    id: 'mail.securityEmailChangedIntro',
    defaultMessage:
      'The email address of your {productName} account was changed to this one. Your previous address was told, with a link that undoes the change.',
  },
  emailChangeUndoneSubject: {
    id: 'mail.securityEmailChangeUndoneSubject',
    defaultMessage: 'The change of your {productName} email address was undone',
  },
  emailChangeUndoneIntro: {
    id: 'mail.securityEmailChangeUndoneIntro',
    defaultMessage:
      'Your {productName} account has this email address again, and every browser was signed out.',
  },
  twoFactorEnabledSubject: {
    id: 'mail.securityTwoFactorEnabledSubject',
    defaultMessage: 'Two-factor sign-in is on for your {productName} account',
  },
  twoFactorEnabledIntro: {
    id: 'mail.securityTwoFactorEnabledIntro',
    defaultMessage:
      'Two-factor sign-in was turned on for your {productName} account: signing in now takes a code from an authenticator app too.',
  },
  twoFactorDisabledSubject: {
    id: 'mail.securityTwoFactorDisabledSubject',
    defaultMessage: 'Two-factor sign-in is off for your {productName} account',
  },
  twoFactorDisabledIntro: {
    id: 'mail.securityTwoFactorDisabledIntro',
    defaultMessage:
      'Two-factor sign-in was turned off for your {productName} account: the password alone signs in now.',
  },
  recoveryCodesSubject: {
    id: 'mail.securityRecoveryCodesSubject',
    defaultMessage: 'New recovery codes for your {productName} account',
  },
  recoveryCodesIntro: {
    id: 'mail.securityRecoveryCodesIntro',
    defaultMessage:
      'New recovery codes were made for your {productName} account; the old ones no longer work.',
  },
  passkeyAddedSubject: {
    id: 'mail.securityPasskeyAddedSubject',
    defaultMessage: 'A passkey was added to your {productName} account',
  },
  passkeyAddedIntro: {
    id: 'mail.securityPasskeyAddedIntro',
    defaultMessage:
      'A passkey was added to your {productName} account: it signs in without the password.',
  },
  passkeyRemovedSubject: {
    id: 'mail.securityPasskeyRemovedSubject',
    defaultMessage: 'A passkey was removed from your {productName} account',
  },
  passkeyRemovedIntro: {
    id: 'mail.securityPasskeyRemovedIntro',
    defaultMessage: 'A passkey was removed from your {productName} account.',
  },
  sessionEndedSubject: {
    id: 'mail.securitySessionEndedSubject',
    defaultMessage: 'A browser was signed out of your {productName} account',
  },
  sessionEndedIntro: {
    id: 'mail.securitySessionEndedIntro',
    defaultMessage:
      'A browser signed in to your {productName} account was signed out from its list of sessions.',
  },
  when: {
    id: 'mail.securityWhen',
    defaultMessage: 'When: {time} UTC',
    description: 'time: YYYY-MM-DD HH:mm.',
  },
  browser: {
    id: 'mail.securityBrowser',
    defaultMessage: 'Browser: {browser}',
    description: 'browser: "Chrome on Windows", or the unknown browser text.',
  },
  unknownBrowser: { id: 'mail.securityUnknownBrowser', defaultMessage: 'unknown' },
  network: {
    id: 'mail.securityNetwork',
    defaultMessage: 'Network: {network}',
    description: 'network: the address block it came from, like 203.0.113.0/24.',
  },
  ifYou: { id: 'mail.securityIfYou', defaultMessage: 'If it was you, there is nothing to do.' },
  notYou: {
    id: 'mail.securityNotYou',
    defaultMessage:
      'If it was not you, someone else may know your password: reset it now, then check the signed-in browsers and two-factor sign-in in your account settings.',
  },
  notYouEmailChanged: {
    id: 'mail.securityNotYouEmailChanged',
    defaultMessage:
      'If it was not you, open the link in the mail we sent to your previous address to undo the change, then reset your password.',
  },
  afterUndo: {
    id: 'mail.securityAfterUndo',
    defaultMessage: 'Reset your password now: whoever changed the address may know it.',
  },
  action: { id: 'mail.securityAction', defaultMessage: 'Reset your password' },
  textAction: {
    id: 'mail.securityTextAction',
    defaultMessage: 'Reset your password: {link}',
    description: 'The plain-text mail: the link follows the colon.',
  },
  footer: {
    id: 'mail.securityFooter',
    defaultMessage:
      'We mail you whenever the security of your {productName} account changes, so that you notice what you did not do.',
  },
});

type SecurityText = keyof typeof SECURITY_TEXTS;

/** Each event's subject, what happened, and what to do if it was not the person. */
const EVENT_TEXTS: Record<
  SecurityEventType,
  { subject: SecurityText; intro: SecurityText; advice: SecurityText[] }
> = {
  new_browser_sign_in: {
    subject: 'newBrowserSubject',
    intro: 'newBrowserIntro',
    advice: ['ifYou', 'notYou'],
  },
  password_changed: {
    subject: 'passwordChangedSubject',
    intro: 'passwordChangedIntro',
    advice: ['ifYou', 'notYou'],
  },
  email_change_requested: {
    subject: 'emailChangeRequestedSubject',
    intro: 'emailChangeRequestedIntro',
    advice: ['ifYou', 'notYou'],
  },
  // The old address gets the undo link in a mail of its own (email-change-mails.ts).
  email_changed: {
    subject: 'emailChangedSubject',
    intro: 'emailChangedIntro',
    advice: ['ifYou', 'notYouEmailChanged'],
  },
  email_change_undone: {
    subject: 'emailChangeUndoneSubject',
    intro: 'emailChangeUndoneIntro',
    advice: ['afterUndo'],
  },
  two_factor_enabled: {
    subject: 'twoFactorEnabledSubject',
    intro: 'twoFactorEnabledIntro',
    advice: ['ifYou', 'notYou'],
  },
  two_factor_disabled: {
    subject: 'twoFactorDisabledSubject',
    intro: 'twoFactorDisabledIntro',
    advice: ['ifYou', 'notYou'],
  },
  recovery_codes_regenerated: {
    subject: 'recoveryCodesSubject',
    intro: 'recoveryCodesIntro',
    advice: ['ifYou', 'notYou'],
  },
  passkey_added: {
    subject: 'passkeyAddedSubject',
    intro: 'passkeyAddedIntro',
    advice: ['ifYou', 'notYou'],
  },
  passkey_removed: {
    subject: 'passkeyRemovedSubject',
    intro: 'passkeyRemovedIntro',
    advice: ['ifYou', 'notYou'],
  },
  session_ended: {
    subject: 'sessionEndedSubject',
    intro: 'sessionEndedIntro',
    advice: ['ifYou', 'notYou'],
  },
};

/** Where and when something happened to an account, as its mails tell it. */
export interface SecurityCircumstances {
  at: Date;
  /** "Chrome on Windows" (lib/browser-name.ts). */
  browser: string | null;
  /** The address's network (lib/address-network.ts); null when there was no address. */
  network: string | null;
}

/** The lines that say when, from which browser and from which network: each a paragraph. */
export function circumstanceLines(
  context: MailContext,
  circumstances: SecurityCircumstances,
): string[] {
  const say = wordsIn(context, SECURITY_TEXTS);
  const browser =
    circumstances.browser === null || circumstances.browser === UNKNOWN_BROWSER
      ? say('unknownBrowser')
      : circumstances.browser;
  return [
    say('when', { time: formatDateTime(circumstances.at, 'UTC') }),
    say('browser', { browser }),
    ...(circumstances.network === null ? [] : [say('network', { network: circumstances.network })]),
  ];
}

/** The notice of one security event, to the account's address, in the account's language. */
export function securityNoticeMail(
  context: MailContext,
  to: string,
  event: SecurityCircumstances & { type: SecurityEventType },
): MailMessage {
  const link = `${context.publicUrl}/forgot-password`;
  const say = wordsIn(context, SECURITY_TEXTS);
  const texts = EVENT_TEXTS[event.type];
  const intro = say(texts.intro);
  const details = circumstanceLines(context, event);
  const advice = texts.advice.map((name) => say(name));
  const footer = say('footer');
  return {
    purpose: 'security-notice',
    to,
    subject: say(texts.subject),
    text:
      `${intro}\n\n${details.join('\n')}\n\n${advice.join('\n')}\n` +
      `${say('textAction', { link })}\n\n${footer}\n`,
    html: htmlBody(
      context,
      [intro, ...details, ...advice],
      { label: say('action'), href: link },
      footer,
    ),
    link,
  };
}
