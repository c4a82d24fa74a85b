import { afterEach, describe, expect, it } from 'vitest';
import { NODE_MESSAGES, POINTS_MESSAGES } from '@netpulse/shared';
import { englishText, WORKER_TEXTS } from '../lib/worker-texts.ts';
import { boostLabels, formatCount, formatSpeed, formatTestsToday } from './format.ts';
import { activeLocale, intl, startInBrowserLanguage, t } from './i18n.ts';
import { POPUP_MESSAGES } from './messages.ts';
import { runNowView } from './run-now.ts';
import { translateText } from './translate-text.ts';

const now = new Date('2026-11-25T20:48:00Z');
const dailyLimit = (limit: number) =>
  runNowView(
    { running: false, creditedToday: limit, dailyLimit: limit, nextOpenAt: '2026-11-26T00:00:00Z' },
    now,
    'UTC',
  ).reason;

afterEach(async () => {
  await startInBrowserLanguage(['en']);
});

describe('the popup’s language', () => {
  it('is the first of the browser’s languages the product speaks, else English', async () => {
    expect(await startInBrowserLanguage(['fr-FR', 'es-MX'])).toBe('es');
    expect(t(POPUP_MESSAGES.runNow)).toBe('Ejecutar prueba ahora');
    expect(await startInBrowserLanguage(['fr-FR', 'de'])).toBe('en');
    expect(t(POPUP_MESSAGES.runNow)).toBe('Run test now');
  });

  it('writes numbers with the language’s grouping, speeds in their unit', async () => {
    await startInBrowserLanguage(['es']);
    expect(formatCount(12_345)).toBe('12.345');
    expect(formatSpeed(1234.56)).toBe('1234,6 Mbit/s');
    expect(formatTestsToday(2, 4)).toBe('2 de 4');
    await startInBrowserLanguage(['ru']);
    expect(formatCount(12_345)).toBe('12\u00a0345');
  });

  it('places an element of the page where the language puts its placeholder', async () => {
    await startInBrowserLanguage(['zh-CN']);
    const username = { tagName: 'STRONG' } as unknown as Node;
    expect(intl().formatMessage(POPUP_MESSAGES.signedInAs, { username })).toEqual([
      '已登录为 ',
      username,
    ]);
  });

  it('says the wait in Russian with its plural forms', async () => {
    await startInBrowserLanguage(['ru-RU']);
    expect(activeLocale()).toBe('ru');
    expect(dailyLimit(1)).toBe(
      'Сегодняшний тест уже пройден. Тесты снова откроются в 00:00 UTC, через 3 ч 12 мин.',
    );
    expect(dailyLimit(4)).toMatch(/^Все 4 теста на сегодня пройдены\./);
    expect(dailyLimit(5)).toMatch(/^Все 5 тестов на сегодня пройдены\./);
    expect(dailyLimit(21)).toMatch(/^Все 21 тест на сегодня пройдены\./);
  });

  it('speaks Arabic, right to left, with its plural forms', async () => {
    await startInBrowserLanguage(['ar-EG']);
    expect(t(POPUP_MESSAGES.runNow)).toBe('شغّل الاختبار الآن');
    expect(dailyLimit(2)).toMatch(/^اكتمل اختبارا اليوم\./);
    expect(dailyLimit(4)).toMatch(/^اكتملت جميع اختبارات اليوم، وعددها 4\./);
    expect(
      boostLabels({ is_ip_slashing: false, is_location_slashing: true, additional_boost: null }),
    ).toEqual(['عنوان IP فريد · 2x']);
  });

  it('translates the worker’s words and the server’s registered texts, and leaves others as they are', async () => {
    await startInBrowserLanguage(['es']);
    expect(translateText(englishText(WORKER_TEXTS.network))).toBe(
      'No se puede conectar con el servidor. La extensión lo intentará de nuevo más tarde.',
    );
    expect(translateText(englishText(WORKER_TEXTS.serverAnswered, { status: 503 }))).toBe(
      'El servidor respondió 503',
    );
    expect(translateText('Something the server said')).toBe('Something the server said');
    expect(translateText(NODE_MESSAGES.limitReached(2))).toBe(NODE_MESSAGES.limitReached(2));
  });

  it('shows the server’s answers (asked for in English) as the catalog words them', async () => {
    // The pseudo-locale changes every text of its catalog: a translated answer shows it.
    await startInBrowserLanguage(['en-XA']);
    const answer = translateText(POINTS_MESSAGES.dailyLimitReached);
    expect(answer).not.toBe(POINTS_MESSAGES.dailyLimitReached);
    expect(answer.length).toBeGreaterThan(POINTS_MESSAGES.dailyLimitReached.length);
  });
});
