// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '@/lib/i18n/catalogs';
import { startInLocale } from '@/lib/i18n/active-locale';
import { DayCalendar } from './range-calendar';

afterEach(async () => {
  cleanup();
  startInLocale('en', await loadMessages('en'));
});

async function renderIn(locale: 'en' | 'zh-CN' | 'ar' | 'ru') {
  startInLocale(locale, await loadMessages(locale));
  // The calendar waits for its language's locale chunk (React's use()): let it arrive.
  await act(async () => {
    render(
      <Suspense fallback={<p>loading</p>}>
        <DayCalendar selected={new Date(2026, 11, 1)} onSelect={vi.fn()} />
      </Suspense>,
    );
  });
  return screen.findAllByRole('grid');
}

describe('the calendar in the page language', () => {
  it('names months and days in English by default, each day button starting with its number', async () => {
    const grids = await renderIn('en');
    expect(grids[0]?.closest('.np-range-calendar')?.textContent).toContain('December 2026');
    expect(
      screen.getByRole('button', { name: /^1 December 2026, Tuesday, selected$/ }),
    ).toBeDefined();
  });

  it('names months and weekdays in Chinese, with Latin digits', async () => {
    const grids = await renderIn('zh-CN');
    const calendar = grids[0]?.closest('.np-range-calendar');
    expect(calendar?.textContent).toMatch(/十二月|12月/);
    expect(calendar?.textContent).toContain('2026');
    expect(screen.getByRole('button', { name: /^2026年12月1日，星期二，已选择$/ })).toBeDefined();
  });

  it('lays Arabic out right to left, its days in Latin digits', async () => {
    const grids = await renderIn('ar');
    const root = grids[0]?.closest('[dir]');
    expect(root?.getAttribute('dir')).toBe('rtl');
    const dayButtons = screen
      .getAllByRole('button')
      .filter((button) => /^\d+$/.test(button.textContent ?? ''));
    expect(dayButtons.length).toBeGreaterThan(27);
    expect(root?.textContent).not.toMatch(/[\u0660-\u0669]/);
  });

  it('starts the Russian week on Monday', async () => {
    await renderIn('ru');
    const weekdays = [...document.querySelectorAll('.rdp-weekday')].map((day) => day.textContent);
    expect(weekdays[0]).toMatch(/^пн$/i);
    expect(
      screen.getByRole('button', { name: /^1 декабря 2026 г\., вторник, выбрано$/ }),
    ).toBeDefined();
  });
});
