import ar from '@netpulse/i18n/compiled/ar.json';
import en from '@netpulse/i18n/compiled/en.json';
import es from '@netpulse/i18n/compiled/es.json';
import ru from '@netpulse/i18n/compiled/ru.json';
import type { CatalogLocale } from '@netpulse/i18n';
import { describe, expect, it } from 'vitest';
import { formatterFor, type PageFormatter } from '@/lib/i18n/active-locale';
import type { Messages } from '@/lib/i18n/catalogs';
import { telegramWidgetLang } from './components/telegram-login-widget';
import { questMessages } from './quest-messages';
import { keepNameText, questTitleText, referralMilestoneName } from './quest-texts';

const HOUR_MS = 60 * 60 * 1000;

function formatter(locale: CatalogLocale, messages: unknown): PageFormatter {
  return formatterFor(locale, messages as Messages);
}

describe('the Quests screen in the catalogs', () => {
  it('names a quest with the product filled in, in English and in Spanish', () => {
    expect(questTitleText('xName', 'Netpulse', formatter('en', en))).toBe(
      'Add Netpulse to your X name',
    );
    expect(questTitleText('xName', 'Netpulse', formatter('es', es))).toBe(
      'Añade Netpulse a tu nombre de X',
    );
    // Without a catalog (a test's render) the English is filled in the same way.
    expect(questTitleText('discordName', 'Netpulse', formatter('en', {}))).toBe(
      'Add Netpulse to your Discord name',
    );
  });

  it('names the referral quests in the language', () => {
    expect(referralMilestoneName(1, formatter('en', en))).toBe('Rookie');
    expect(referralMilestoneName(99, formatter('ru', ru))).toBe('Бог');
  });

  it('counts the keep-name timer down with the units of the language', () => {
    const time = HOUR_MS + 2 * 60 * 1000 + 3000;
    expect(keepNameText(time, formatter('en', en))).toBe('Keep name for 1h 2m 3s');
    expect(keepNameText(time + 24 * HOUR_MS, formatter('en', en))).toBe('Keep name for 1d 1h 2m');
    expect(keepNameText(time, formatter('ru', ru))).toBe('Сохраняйте имя ещё 1 ч 2 мин 3 с');
    expect(keepNameText(-5, formatter('es', es))).toBe('Mantén el nombre durante 0 h 0 min 0 s');
  });

  it("gives Russian's and Arabic's plural forms", () => {
    const russian = formatter('ru', ru);
    expect(
      [1, 3, 7, 21].map((count) => russian.formatMessage(questMessages.days, { count })),
    ).toEqual(['1 день', '3 дня', '7 дней', '21 день']);
    const arabic = formatter('ar', ar);
    expect(
      [1, 2, 7, 14].map((count) => arabic.formatMessage(questMessages.days, { count })),
    ).toEqual(['يوم واحد', 'يومان', '7 أيام', '14 يومًا']);
  });

  it("opens Telegram's login widget in the page's language", () => {
    expect(telegramWidgetLang('en')).toBe('en');
    expect(telegramWidgetLang('pt-BR')).toBe('pt-br');
    expect(telegramWidgetLang('zh-CN')).toBe('zh');
    expect(telegramWidgetLang('en-XA')).toBe('en');
  });
});
