import { describe, expect, it } from 'vitest';
import { acceptedLanguages, negotiateLocale, negotiateOfferedLocale } from './negotiate-locale';

describe('negotiateLocale', () => {
  it('takes the first language the product speaks, by exact tag or by language', () => {
    expect(negotiateLocale(['fr-FR', 'es-MX', 'en'])).toBe('es');
    expect(negotiateLocale(['pt-PT'])).toBe('pt-BR');
    expect(negotiateLocale(['ru'])).toBe('ru');
    expect(negotiateLocale(['ar-EG'])).toBe('ar');
  });

  it('reads simplified Chinese for zh and zh-Hans, and does not offer it for traditional', () => {
    expect(negotiateLocale(['zh'])).toBe('zh-CN');
    expect(negotiateLocale(['zh-Hans-SG'])).toBe('zh-CN');
    expect(negotiateLocale(['zh-TW', 'vi'])).toBe('vi');
    expect(negotiateLocale(['zh-Hant'])).toBe('en');
  });

  it('falls back to English, and offers the pseudo-locale only where it was not asked for', () => {
    expect(negotiateLocale([])).toBe('en');
    expect(negotiateLocale(['en-XA'])).toBe('en-XA');
    expect(negotiateOfferedLocale(['en-XA'])).toBe('en');
  });
});

describe('acceptedLanguages', () => {
  it('orders by quality, keeps the order of equals, and drops q=0, * and junk', () => {
    expect(acceptedLanguages('ru;q=0.8, es-MX, tr;q=0, *;q=0.1, <script>, en;q=0.8')).toEqual([
      'es-MX',
      'ru',
      'en',
    ]);
  });

  it('is empty without a header', () => {
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
  });
});
