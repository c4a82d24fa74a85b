import { describe, expect, it } from 'vitest';
import { durationParts, formatDuration, formatRelative, relativeAge } from './clock.ts';
import { formatKeepNameTime } from './formatting.ts';
import { formatNumber, formattingLocale, leftToRightIn } from './locale-format.ts';
import { formatLatency, formatMbps, gaugeReading } from './measurements.ts';

const NOW = new Date('2026-11-25T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('formattingLocale (the one digit rule)', () => {
  it('writes every language in Latin digits, and English and the pseudo-locale as US English', () => {
    expect(formattingLocale(undefined)).toBe('en-US');
    expect(formattingLocale('en')).toBe('en-US');
    expect(formattingLocale('en-XA')).toBe('en-US');
    expect(formattingLocale('ar')).toBe('ar-u-nu-latn');
    expect(formattingLocale('zh-CN')).toBe('zh-CN-u-nu-latn');
    expect(formattingLocale('ar-u-nu-latn')).toBe('ar-u-nu-latn');
    expect(formattingLocale('ar-u-nu-arab')).toBe('ar-u-nu-latn');
  });
});

describe('formatNumber', () => {
  it("groups with the language's separators", () => {
    expect(formatNumber(1234.5)).toBe('1,234.5');
    expect(formatNumber(12345, 'es')).toBe('12.345');
    expect(formatNumber(1234.5, 'pt-BR')).toBe('1.234,5');
    // Spanish leaves a four-digit number ungrouped (CLDR's minimum grouping digits: 2).
    expect(formatNumber(1234, 'es')).toBe('1234');
    expect(formatNumber(1234.56, 'ru')).toBe('1\u00a0234,56');
    expect(formatNumber(1234.5, 'tr')).toBe('1.234,5');
  });

  it('writes Arabic figures in Latin digits, never Arabic-Indic ones', () => {
    const arabic = formatNumber(1234567.89, 'ar');
    expect(arabic).toMatch(/^[0-9.,\u066b\u066c\u200f\u061c]+$/);
    expect(arabic).not.toMatch(/[\u0660-\u0669]/);
    expect(arabic.replace(/[^0-9]/g, '')).toBe('123456789');
  });
});

describe('relative times in the language', () => {
  it('keeps the English of the spec by default', () => {
    expect(formatRelative(ago(10_000), NOW)).toBe('just now');
    expect(formatRelative(ago(12 * MINUTE), NOW, 'en')).toBe('12 min ago');
    expect(formatRelative(ago(3 * HOUR), NOW, 'en-XA')).toBe('3 h ago');
  });

  it('reads in Russian, Spanish and Arabic with Latin digits', () => {
    expect(formatRelative(ago(10_000), NOW, 'ru')).toBe('сейчас');
    expect(formatRelative(ago(12 * MINUTE), NOW, 'ru')).toMatch(/^12 мин\.? назад$/);
    expect(formatRelative(ago(3 * HOUR), NOW, 'ru')).toBe('3 ч назад');
    expect(formatRelative(ago(12 * MINUTE), NOW, 'es')).toBe('hace 12 min');
    const arabic = formatRelative(ago(5 * HOUR), NOW, 'ar') ?? '';
    expect(arabic).toContain('5');
    expect(arabic).not.toMatch(/[\u0660-\u0669]/);
  });

  it('is null out of the last day in every language', () => {
    expect(formatRelative(ago(25 * HOUR), NOW, 'ru')).toBeNull();
    expect(relativeAge(ago(25 * HOUR), NOW)).toBeNull();
    expect(relativeAge(ago(90 * MINUTE), NOW)).toEqual({ unit: 'hour', count: 1 });
  });
});

describe('durations in the language', () => {
  it('keeps the English by default and uses short units elsewhere', () => {
    expect(formatDuration(3 * HOUR + 12 * MINUTE)).toBe('3 h 12 min');
    expect(formatDuration(3 * HOUR + 12 * MINUTE, 'ru')).toBe('3 ч 12 мин');
    expect(formatDuration(30_000, 'es')).toBe('1 min');
    expect(formatDuration(2 * HOUR, 'zh-CN')).toBe('2小时');
    expect(durationParts(3 * HOUR + 11 * MINUTE + 1)).toEqual({ hours: 3, minutes: 12 });
  });

  it('writes the keep-name timer with narrow units', () => {
    const ms = 3 * 24 * HOUR + 5 * HOUR + 2 * MINUTE;
    expect(formatKeepNameTime(ms)).toBe('3d 5h 2m');
    expect(formatKeepNameTime(ms, 'zh-CN')).toBe('3天 5小时 2分钟');
  });
});

describe('speeds and round trips in the language', () => {
  it('keeps "Mbit/s" and "ms" in English and localizes the figure elsewhere', () => {
    expect(formatMbps(1234.56)).toBe('1,234.6 Mbit/s');
    expect(formatMbps(93.44, 'ru')).toMatch(/^93,4 Мбит\/[cс]$/);
    expect(formatLatency(0.4)).toBe('< 1 ms');
    expect(formatLatency(12.4, 'ru')).toBe('12 мс');
    expect(formatLatency(0.4, 'ru')).toBe('< 1 мс');
    expect(gaugeReading(1234.56).figure).toBe('1234.6');
    expect(gaugeReading(1234.56, 'es').figure).toBe('1234,6');
    expect(gaugeReading(93.46, 'ar').figure).toBe('93.5');
  });
});

describe('leftToRightIn', () => {
  it('isolates a time left to right in an Arabic sentence only', () => {
    expect(leftToRightIn('2026-11-25 13:40', 'ar')).toBe('\u20662026-11-25 13:40\u2069');
    expect(leftToRightIn('2026-11-25 13:40', 'en')).toBe('2026-11-25 13:40');
    expect(leftToRightIn('2026-11-25 13:40', 'zh-CN')).toBe('2026-11-25 13:40');
  });
});
