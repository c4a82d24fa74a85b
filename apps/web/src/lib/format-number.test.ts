import { afterEach, describe, expect, it } from 'vitest';
import { formatCount, formatPoints, formatSpeedLine } from './format-number';
import { startInLocale } from './i18n/active-locale';
import { loadMessages } from './i18n/catalogs';

describe('formatPoints', () => {
  it('groups thousands and keeps at most two decimals', () => {
    expect(formatPoints(0)).toBe('0');
    expect(formatPoints(12345)).toBe('12,345');
    expect(formatPoints(4520.5)).toBe('4,520.5');
    expect(formatPoints(1.239)).toBe('1.24');
  });
});

describe('formatSpeedLine', () => {
  it("reads a test's speeds on one line, and says when no round trip was seen", () => {
    expect(formatSpeedLine({ download_mbps: 93.44, upload_mbps: 41.2, latency_ms: 12.4 })).toBe(
      '93.4 Mbit/s down · 41.2 Mbit/s up · 12 ms',
    );
    expect(formatSpeedLine({ download_mbps: 5, upload_mbps: 1, latency_ms: null })).toBe(
      '5 Mbit/s down · 1 Mbit/s up · latency -',
    );
  });

  it('is null for a test whose speeds were never measured', () => {
    expect(
      formatSpeedLine({ download_mbps: null, upload_mbps: null, latency_ms: null }),
    ).toBeNull();
  });
});

describe('numbers in the page language', () => {
  afterEach(async () => {
    startInLocale('en', await loadMessages('en'));
  });

  it("groups Bytes with the page's separators", async () => {
    startInLocale('es', await loadMessages('es'));
    expect(formatPoints(12345.5)).toBe('12.345,5');
    expect(formatPoints(1234, 'pt-BR')).toBe('1.234');
    expect(formatCount(1250, 'ru')).toBe('1\u00a0250');
  });

  it('writes Arabic figures in Latin digits', async () => {
    startInLocale('ar', await loadMessages('ar'));
    const bytes = formatPoints(1234567.5);
    expect(bytes).not.toMatch(/[\u0660-\u0669]/);
    expect(bytes.replace(/[^0-9]/g, '')).toBe('12345675');
  });

  it("writes a test's speeds on one line in the page's language", async () => {
    startInLocale('ru', await loadMessages('ru'));
    expect(formatSpeedLine({ download_mbps: 93.44, upload_mbps: 41.2, latency_ms: null })).toMatch(
      /^скачивание 93,4 Мбит\/[cс] · отдача 41,2 Мбит\/[cс] · задержка -$/,
    );
  });
});
