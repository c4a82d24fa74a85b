// @vitest-environment happy-dom
import ru from '@netpulse/i18n/compiled/ru.json';
import { cleanup, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PUBLIC_CONFIG, setPublicConfig } from '@/config/public-config';
import type { Messages } from '@/lib/i18n/catalogs';
import { startInLocale } from '@/lib/i18n/active-locale';
import { testProfile } from '@testing/test-profile';
import { DailyStreakPanel } from './daily-streak-panel';
import { ReferralQuestsPanel } from './referral-quests-panel';
import { SocialQuestsPanel } from './social-quests-panel';
import { renderInApp } from '@testing/render-in-app';

function renderScreen(children: ReactNode) {
  return renderInApp(children);
}

afterEach(() => {
  cleanup();
  setPublicConfig(DEFAULT_PUBLIC_CONFIG);
  startInLocale('en', {});
});

describe('the Quests screen', () => {
  it('reads the streak and the referral quests in English, counts agreeing', () => {
    renderScreen(
      <>
        <DailyStreakPanel
          profile={testProfile({ daily_streaks: 1 })}
          profileFailed={false}
          constants={undefined}
        />
        <ReferralQuestsPanel profile={testProfile()} profileFailed={false} constants={undefined} />
      </>,
    );
    expect(screen.getByTestId('daily-streak-days').textContent).toBe('1 day');
    expect(screen.getByTestId('daily-streak-bonus').textContent).toMatch(/^[\d,]+ Bytes$/);
    const rookie = within(screen.getByTestId('referral-quest-1'));
    expect(rookie.getByText('Rookie')).toBeTruthy();
    expect(rookie.getByText('Refer 1 friend')).toBeTruthy();
    expect(
      within(screen.getByTestId('referral-quest-10')).getByText('Refer 10 friends'),
    ).toBeTruthy();
  });

  it('speaks Russian from its catalog: titles, plural forms and buttons', () => {
    startInLocale('ru', ru as unknown as Messages);
    setPublicConfig({
      ...DEFAULT_PUBLIC_CONFIG,
      questPlatforms: { x: true, discord: false, telegram: false, youtube: false },
    });
    renderScreen(
      <>
        <DailyStreakPanel
          profile={testProfile({ daily_streaks: 3 })}
          profileFailed={false}
          constants={undefined}
        />
        <ReferralQuestsPanel profile={testProfile()} profileFailed={false} constants={undefined} />
        <SocialQuestsPanel profile={testProfile()} profileFailed={false} constants={undefined} />
      </>,
    );
    expect(screen.getByTestId('daily-streak-days').textContent).toBe('3 дня');
    expect(within(screen.getByTestId('streak-milestone-7')).getByText('7 дней')).toBeTruthy();
    const god = within(screen.getByTestId('referral-quest-99'));
    expect(god.getByText('Бог')).toBeTruthy();
    expect(god.getByText('Пригласите 99 друзей')).toBeTruthy();
    expect(god.getByRole('button', { name: 'Получить' })).toBeTruthy();
    const xName = within(screen.getByTestId('quest-xName'));
    expect(
      xName.getByText(`Добавьте ${DEFAULT_PUBLIC_CONFIG.productName} в своё имя в X`),
    ).toBeTruthy();
    expect(xName.getByText('Сначала подключите аккаунт X')).toBeTruthy();
  });
});
