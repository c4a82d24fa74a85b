/**
 * Every mail the server sends, as text and HTML. Interpolated values are
 * HTML-escaped in the HTML part: the product name comes from settings and the
 * links carry tokens, neither of which may break out of the markup.
 */
import type { MailMessage } from './mailer.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

export interface MailContext {
  productName: string;
  /** The address people reach the app at, without a trailing slash. */
  publicUrl: string;
}

/** A short HTML page: paragraphs and one button-like link. */
function htmlBody(
  paragraphs: string[],
  action: { label: string; href: string },
  footer: string,
): string {
  const body = paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n');
  const href = escapeHtml(action.href);
  return `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5;">
${body}
<p><a href="${href}" style="display: inline-block; padding: 10px 16px; background: #2563eb; color: #ffffff; text-decoration: none; border-radius: 6px;">${escapeHtml(action.label)}</a></p>
<p style="color: #6b7280; font-size: 13px;">If the button does not work, open this address: ${href}</p>
<p style="color: #6b7280; font-size: 13px;">${escapeHtml(footer)}</p>
</body></html>`;
}

/** The link that verifies an address; valid 24 hours. */
export function verificationMail(context: MailContext, to: string, token: string): MailMessage {
  const link = `${context.publicUrl}/verify-email/${token}`;
  const intro = `Welcome to ${context.productName}! Please confirm your email address to activate your account.`;
  const footer =
    'The link is valid for 24 hours. If you did not sign up, you can ignore this mail.';
  return {
    purpose: 'verify-email',
    to,
    subject: `Verify your email for ${context.productName}`,
    text: `${intro}\n\nVerify your email: ${link}\n\n${footer}\n`,
    html: htmlBody([intro], { label: 'Verify email', href: link }, footer),
    link,
  };
}

/** The link that sets a new password; valid 1 hour. */
export function passwordResetMail(context: MailContext, to: string, token: string): MailMessage {
  const link = `${context.publicUrl}/reset-password?token=${token}`;
  const intro = `Someone asked to reset the password of your ${context.productName} account.`;
  const footer =
    'The link is valid for 1 hour. If you did not ask for it, ignore this mail: your password stays as it is.';
  return {
    purpose: 'reset-password',
    to,
    subject: `Reset your ${context.productName} password`,
    text: `${intro}\n\nChoose a new password: ${link}\n\n${footer}\n`,
    html: htmlBody([intro], { label: 'Choose a new password', href: link }, footer),
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
  const intro = `Someone tried to create a ${context.productName} account with this email address, which already has an account.`;
  const advice = 'If it was you, log in instead, or reset your password if you forgot it.';
  const footer = 'If it was not you, you can ignore this mail: nothing has changed.';
  return {
    purpose: 'signup-attempt',
    to,
    subject: `Someone tried to sign up to ${context.productName} with your email`,
    text: `${intro}\n\n${advice}\nReset your password: ${link}\n\n${footer}\n`,
    html: htmlBody([intro, advice], { label: 'Reset your password', href: link }, footer),
    link,
  };
}

/**
 * A new verification link was asked for an address that is verified already
 * (docs/decisions/033): the person learns they can simply log in.
 */
export function alreadyVerifiedMail(context: MailContext, to: string): MailMessage {
  const link = `${context.publicUrl}/login`;
  const intro = `Someone asked for a new verification link for this ${context.productName} account, whose email address is verified already.`;
  const advice = 'If it was you, there is nothing to verify: log in.';
  const footer = 'If it was not you, you can ignore this mail: nothing has changed.';
  return {
    purpose: 'already-verified',
    to,
    subject: `Your ${context.productName} email is already verified`,
    text: `${intro}\n\n${advice}\nLog in: ${link}\n\n${footer}\n`,
    html: htmlBody([intro, advice], { label: 'Log in', href: link }, footer),
    link,
  };
}

/** The part of the settings the templates read. */
export function mailContextOf(config: { PRODUCT_NAME: string; PUBLIC_URL: string }): MailContext {
  return { productName: config.PRODUCT_NAME, publicUrl: config.PUBLIC_URL };
}
