import type { CatalogLocale } from '@netpulse/i18n';
import { afterEach, describe, expect, it } from 'vitest';
import { durationText, relativeTimeText } from './format-time';
import { intl, startInLocale } from './i18n/active-locale';
import { loadMessages } from './i18n/catalogs';

const NOW = new Date('2026-11-25T12:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

async function speak(locale: CatalogLocale) {
  startInLocale(locale, await loadMessages(locale));
}

afterEach(async () => {
  await speak('en');
});

describe('relativeTimeText', () => {
  it("keeps the spec's English", () => {
    expect(relativeTimeText(ago(20_000), NOW)).toBe('just now');
    expect(relativeTimeText(ago(12 * MINUTE), NOW)).toBe('12 min ago');
    expect(relativeTimeText(ago(3 * HOUR), NOW)).toBe('3 h ago');
    expect(relativeTimeText(ago(25 * HOUR), NOW)).toBeNull();
  });

  it('reads in Russian', async () => {
    await speak('ru');
    expect(relativeTimeText(ago(20_000), NOW)).toBe('только что');
    expect(relativeTimeText(ago(1 * MINUTE), NOW)).toBe('1 мин назад');
    expect(relativeTimeText(ago(12 * MINUTE), NOW)).toBe('12 мин назад');
    expect(relativeTimeText(ago(22 * HOUR), NOW)).toBe('22 ч назад');
  });

  it("declines Arabic's plural forms, in Latin digits", async () => {
    await speak('ar');
    expect(relativeTimeText(ago(1 * MINUTE), NOW)).toBe('قبل دقيقة');
    expect(relativeTimeText(ago(2 * MINUTE), NOW)).toBe('قبل دقيقتين');
    expect(relativeTimeText(ago(5 * MINUTE), NOW)).toBe('قبل 5 دقائق');
    expect(relativeTimeText(ago(11 * HOUR), NOW)).toBe('قبل 11 ساعة');
  });

  it('is marked in the pseudo-locale, as every text of the page', async () => {
    await speak('en-XA');
    const text = relativeTimeText(ago(12 * MINUTE), NOW) ?? '';
    expect(text).toContain('12');
    expect(text).not.toBe('12 min ago');
  });
});

describe('durationText', () => {
  it("keeps the spec's English", () => {
    expect(durationText(3 * HOUR + 12 * MINUTE)).toBe('3 h 12 min');
    expect(durationText(3 * HOUR)).toBe('3 h');
    expect(durationText(30_000)).toBe('1 min');
    expect(durationText(0)).toBe('0 min');
  });

  it('reads in Spanish, Chinese and Arabic', async () => {
    await speak('es');
    expect(durationText(3 * HOUR + 12 * MINUTE)).toBe('3 h 12 min');
    await speak('zh-CN');
    expect(durationText(3 * HOUR + 12 * MINUTE)).toBe('3小时12分钟');
    await speak('ar');
    expect(durationText(2 * HOUR + 3 * MINUTE, intl())).toBe('ساعتان و3 دقائق');
  });
});
