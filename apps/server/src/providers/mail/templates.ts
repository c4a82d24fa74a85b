/**
 * Every mail the server sends, as text and HTML. Interpolated values are
 * HTML-escaped in the HTML part: the product name comes from settings and the
 * links carry tokens, neither of which may break out of the markup.
 */
import {
  defineMessages,
  textDirection,
  type CatalogLocale,
  type MessageDescriptor,
} from '@netpulse/i18n';
import type { MailMessage } from './mailer.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { translate } from '../../lib/server-intl.ts';

export interface MailContext {
  productName: string;
  /** The address people reach the app at, without a trailing slash. */
  publicUrl: string;
  /** The recipient account's language: the whole mail is in it. */
  locale: CatalogLocale;
}

/** How long each link lives (AUTH_POLICY's token lifetimes), as the mails say it. */
const VERIFY_LINK_HOURS = 24;
const RESET_LINK_HOURS = 1;

const MAIL_TEXTS = defineMessages({
  verifySubject: {
    id: 'mail.verifySubject',
    defaultMessage: 'Verify your email for {productName}',
  },
  verifyIntro: {
    id: 'mail.verifyIntro',
    defaultMessage:
      'Welcome to {productName}! Please confirm your email address to activate your account.',
  },
  verifyAction: { id: 'mail.verifyAction', defaultMessage: 'Verify email' },
  verifyTextAction: {
    id: 'mail.verifyTextAction',
    defaultMessage: 'Verify your email: {link}',
    description: 'The plain-text mail: the link follows the colon.',
  },
  verifyFooter: {
    id: 'mail.verifyFooter',
    defaultMessage:
      'The link is valid for {hours, plural, one {# hour} other {# hours}}. If you did not sign up, you can ignore this mail.',
  },
  resetSubject: { id: 'mail.resetSubject', defaultMessage: 'Reset your {productName} password' },
  resetIntro: {
    id: 'mail.resetIntro',
    defaultMessage: 'Someone asked to reset the password of your {productName} account.',
  },
  resetAction: { id: 'mail.resetAction', defaultMessage: 'Choose a new password' },
  resetTextAction: {
    id: 'mail.resetTextAction',
    defaultMessage: 'Choose a new password: {link}',
    description: 'The plain-text mail: the link follows the colon.',
  },
  resetFooter: {
    id: 'mail.resetFooter',
    defaultMessage:
      'The link is valid for {hours, plural, one {# hour} other {# hours}}. If you did not ask for it, ignore this mail: your password stays as it is.',
  },
  signupAttemptSubject: {
    id: 'mail.signupAttemptSubject',
    defaultMessage: 'Someone tried to sign up to {productName} with your email',
  },
  signupAttemptIntro: {
    id: 'mail.signupAttemptIntro',
    defaultMessage:
      'Someone tried to create a {productName} account with this email address, which already has an account.',
  },
  signupAttemptAdvice: {
    id: 'mail.signupAttemptAdvice',
    defaultMessage: 'If it was you, log in instead, or reset your password if you forgot it.',
  },
  signupAttemptAction: { id: 'mail.signupAttemptAction', defaultMessage: 'Reset your password' },
  signupAttemptTextAction: {
    id: 'mail.signupAttemptTextAction',
    defaultMessage: 'Reset your password: {link}',
    description: 'The plain-text mail: the link follows the colon.',
  },
  alreadyVerifiedSubject: {
    id: 'mail.alreadyVerifiedSubject',
    defaultMessage: 'Your {productName} email is already verified',
  },
  alreadyVerifiedIntro: {
    id: 'mail.alreadyVerifiedIntro',
    defaultMessage:
      'Someone asked for a new verification link for this {productName} account, whose email address is verified already.',
  },
  alreadyVerifiedAdvice: {
    id: 'mail.alreadyVerifiedAdvice',
    defaultMessage: 'If it was you, there is nothing to verify: log in.',
  },
  alreadyVerifiedAction: { id: 'mail.alreadyVerifiedAction', defaultMessage: 'Log in' },
  alreadyVerifiedTextAction: {
    id: 'mail.alreadyVerifiedTextAction',
    defaultMessage: 'Log in: {link}',
    description: 'The plain-text mail: the link follows the colon.',
  },
  notYouFooter: {
    id: 'mail.notYouFooter',
    defaultMessage: 'If it was not you, you can ignore this mail: nothing has changed.',
  },
  buttonFallback: {
    id: 'mail.buttonFallback',
    defaultMessage: 'If the button does not work, open this address: {link}',
  },
});

/**
 * A mail's texts (one table of `texts`) in its language, the product's name in each: every
 * mail's words are said by it (the account's mails too: security-mails.ts).
 */
export function wordsIn<Name extends string>(
  context: MailContext,
  texts: Record<Name, MessageDescriptor>,
) {
  return (name: Name, values: Record<string, string | number> = {}) =>
    translate(context.locale, texts[name], { productName: context.productName, ...values });
}

/**
 * A short HTML page in the mail's language and direction: paragraphs and one button-like link.
 * Every mail's HTML part is written by it (the account's mails too: security-mails.ts).
 */
export function htmlBody(
  context: MailContext,
  paragraphs: string[],
  action: { label: string; href: string },
  footer: string,
  /** Links after the footer (a notice's unsubscribe and settings). */
  footerLinks: { label: string; href: string }[] = [],
): string {
  const body = paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n');
  const links = footerLinks
    .map(
      (link) =>
        `<a href="${escapeHtml(link.href)}" style="color: #6b7280;">${escapeHtml(link.label)}</a>`,
    )
    .join(' · ');
  const href = escapeHtml(action.href);
  // The address is marked so that the sentence around it may be written in any order.
  const fallback = escapeHtml(
    translate(context.locale, MAIL_TEXTS.buttonFallback, { link: '\u0000' }),
  ).replace('\u0000', href);
  return `<!doctype html>
<html lang="${context.locale}" dir="${textDirection(context.locale)}"><body style="font-family: sans-serif; line-height: 1.5;">
${body}
<p><a href="${href}" style="display: inline-block; padding: 10px 16px; background: #2563eb; color: #ffffff; text-decoration: none; border-radius: 6px;">${escapeHtml(action.label)}</a></p>
<p style="color: #6b7280; font-size: 13px;">${fallback}</p>
<p style="color: #6b7280; font-size: 13px;">${escapeHtml(footer)}</p>${links ? `\n<p style="color: #6b7280; font-size: 13px;">${links}</p>` : ''}
</body></html>`;
}

/** The link that verifies an address; valid 24 hours. */
export function verificationMail(context: MailContext, to: string, token: string): MailMessage {
  const link = `${context.publicUrl}/verify-email/${token}`;
  const say = wordsIn(context, MAIL_TEXTS);
  const intro = say('verifyIntro');
  const footer = say('verifyFooter', { hours: VERIFY_LINK_HOURS });
  return {
    purpose: 'verify-email',
    to,
    subject: say('verifySubject'),
    text: `${intro}\n\n${say('verifyTextAction', { link })}\n\n${footer}\n`,
    html: htmlBody(context, [intro], { label: say('verifyAction'), href: link }, footer),
    link,
  };
}

/** The link that sets a new password; valid 1 hour. */
export function passwordResetMail(context: MailContext, to: string, token: string): MailMessage {
  const link = `${context.publicUrl}/reset-password?token=${token}`;
  const say = wordsIn(context, MAIL_TEXTS);
  const intro = say('resetIntro');
  const footer = say('resetFooter', { hours: RESET_LINK_HOURS });
  return {
    purpose: 'reset-password',
    to,
    subject: say('resetSubject'),
    text: `${intro}\n\n${say('resetTextAction', { link })}\n\n${footer}\n`,
    html: htmlBody(context, [intro], { label: say('resetAction'), href: link }, footer),
    link,
  };
}

/**
 * Sent instead of a verification mail when someone signs up with an address
 * that already has an account: the sign-up answers as if it worked, so only the
 * mailbox's owner learns that the address is registered.
 */
export function signupAttemptMail(context: MailContext, to: string): MailMessage {
  const link = `${context.publicUrl}/forgot-password`;
  const say = wordsIn(context, MAIL_TEXTS);
  const intro = say('signupAttemptIntro');
  const advice = say('signupAttemptAdvice');
  const footer = say('notYouFooter');
  return {
    purpose: 'signup-attempt',
    to,
    subject: say('signupAttemptSubject'),
    text: `${intro}\n\n${advice}\n${say('signupAttemptTextAction', { link })}\n\n${footer}\n`,
    html: htmlBody(
      context,
      [intro, advice],
      { label: say('signupAttemptAction'), href: link },
      footer,
    ),
    link,
  };
}

/**
 * A new verification link was asked for an address that is verified already
 * (docs/decisions/033): the person learns they can simply log in.
 */
export function alreadyVerifiedMail(context: MailContext, to: string): MailMessage {
  const link = `${context.publicUrl}/login`;
  const say = wordsIn(context, MAIL_TEXTS);
  const intro = say('alreadyVerifiedIntro');
  const advice = say('alreadyVerifiedAdvice');
  const footer = say('notYouFooter');
  return {
    purpose: 'already-verified',
    to,
    subject: say('alreadyVerifiedSubject'),
    text: `${intro}\n\n${advice}\n${say('alreadyVerifiedTextAction', { link })}\n\n${footer}\n`,
    html: htmlBody(
      context,
      [intro, advice],
      { label: say('alreadyVerifiedAction'), href: link },
      footer,
    ),
    link,
  };
}

/** The part of the settings the templates read, and the recipient's language. */
export function mailContextOf(
  config: { PRODUCT_NAME: string; PUBLIC_URL: string },
  locale: CatalogLocale,
): MailContext {
  return { productName: config.PRODUCT_NAME, publicUrl: config.PUBLIC_URL, locale };
}
