import { describe, expect, it } from 'vitest';
import { passwordResetMail, signupAttemptMail, verificationMail } from './templates.ts';

const context = {
  productName: 'Net<b>pulse</b> & "Co"',
  publicUrl: 'https://app.example',
  locale: 'en' as const,
};

describe('mail templates', () => {
  it('link to the verify and reset pages of the web app', () => {
    expect(verificationMail(context, 'a@example.com', 'tok').link).toBe(
      'https://app.example/verify-email/tok',
    );
    expect(passwordResetMail(context, 'a@example.com', 'tok').link).toBe(
      'https://app.example/reset-password?token=tok',
    );
    expect(signupAttemptMail(context, 'a@example.com').link).toBe(
      'https://app.example/forgot-password',
    );
  });

  it.each([
    ['verification', verificationMail(context, 'a@example.com', 'tok')],
    ['reset', passwordResetMail(context, 'a@example.com', 'tok')],
    ['sign-up attempt', signupAttemptMail(context, 'a@example.com')],
  ])('%s: names the product in text and subject, and escapes it in HTML', (_name, mail) => {
    expect(mail.subject).toContain(context.productName);
    expect(mail.text).toContain(context.productName);
    expect(mail.text).toContain(mail.link);
    expect(mail.html).not.toContain('<b>pulse</b>');
    expect(mail.html).toContain('Net&lt;b&gt;pulse&lt;/b&gt; &amp; &quot;Co&quot;');
    expect(mail.html).toContain(`href="${mail.link?.replaceAll('&', '&amp;')}"`);
  });

  it('keeps the English of every mail word for word', () => {
    const mail = verificationMail(
      { productName: 'Netpulse', publicUrl: 'https://app.example', locale: 'en' },
      'a@example.com',
      'tok',
    );
    expect(mail.subject).toBe('Verify your email for Netpulse');
    expect(mail.text).toBe(
      'Welcome to Netpulse! Please confirm your email address to activate your account.\n\n' +
        'Verify your email: https://app.example/verify-email/tok\n\n' +
        'The link is valid for 24 hours. If you did not sign up, you can ignore this mail.\n',
    );
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
    expect(mail.html).toContain(
      'If the button does not work, open this address: https://app.example/verify-email/tok',
    );
  });
});
