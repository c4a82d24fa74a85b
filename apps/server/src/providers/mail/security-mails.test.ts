import { describe, expect, it } from 'vitest';
import { SECURITY_EVENT_TYPES } from '../../db/tables/security-events-tables.ts';
import { emailChangeConfirmMail, emailChangeUndoMail } from './email-change-mails.ts';
import { securityNoticeMail } from './security-mails.ts';

const context = {
  productName: 'Net<b>pulse</b>',
  publicUrl: 'https://app.example',
  locale: 'en' as const,
};
const circumstances = {
  at: new Date('2026-03-10T12:34:56Z'),
  browser: 'Chrome on Windows',
  network: '203.0.113.0/24',
};

describe('security notices', () => {
  it('tell each event apart, with when, which browser and network, and the way to a new password', () => {
    const mails = SECURITY_EVENT_TYPES.map((type) =>
      securityNoticeMail(context, 'a@example.com', { type, ...circumstances }),
    );
    expect(new Set(mails.map((mail) => mail.subject)).size).toBe(SECURITY_EVENT_TYPES.length);
    for (const mail of mails) {
      expect(mail).toMatchObject({
        purpose: 'security-notice',
        to: 'a@example.com',
        link: 'https://app.example/forgot-password',
      });
      expect(mail.text).toContain(
        'When: 2026-03-10 12:34 UTC\nBrowser: Chrome on Windows\nNetwork: 203.0.113.0/24',
      );
      expect(mail.text).toContain(mail.link);
      expect(mail.html).not.toContain('<b>pulse</b>');
      expect(mail.html).toContain('Net&lt;b&gt;pulse&lt;/b&gt;');
    }
  });

  it('say an unknown browser in the mail’s language, and leave out a network it does not know', () => {
    const mail = securityNoticeMail({ ...context, locale: 'es' }, 'a@example.com', {
      type: 'password_changed',
      at: circumstances.at,
      browser: 'Unknown browser',
      network: null,
    });
    expect(mail.text).toContain('Navegador: desconocido');
    expect(mail.text).not.toContain('Red:');
  });

  it('are written right to left in Arabic', () => {
    const mail = securityNoticeMail({ ...context, locale: 'ar' }, 'a@example.com', {
      type: 'new_browser_sign_in',
      ...circumstances,
    });
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.text).toContain('2026-03-10 12:34');
  });
});

describe('an email change’s links', () => {
  it('confirm at the new address and undo from the old one, on the web app’s settings pages', () => {
    const confirm = emailChangeConfirmMail(context, 'new@example.com', {
      username: 'someone',
      token: 'tok',
      hours: 24,
    });
    expect(confirm.link).toBe('https://app.example/settings/email/confirm?token=tok');
    expect(confirm.text).toContain('someone');
    expect(confirm.text).toContain('valid for 24 hours');
    const undo = emailChangeUndoMail(context, 'old@example.com', {
      ...circumstances,
      username: 'someone',
      newEmail: 'new@example.com',
      token: 'tok',
      days: 7,
    });
    expect(undo.link).toBe('https://app.example/settings/email/undo?token=tok');
    expect(undo.text).toContain('to new@example.com');
    expect(undo.text).toContain('Browser: Chrome on Windows');
    expect(undo.text).toContain('valid for 7 days');
  });
});
