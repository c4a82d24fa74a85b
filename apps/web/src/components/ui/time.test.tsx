// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startInLocale } from '@/lib/i18n/active-locale';
import { loadMessages } from '@/lib/i18n/catalogs';
import { Time } from './time';

const NOW = new Date('2026-11-25T20:48:00.000Z');
const LOS_ANGELES = 'America/Los_Angeles';

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('<Time>', () => {
  it('writes an older moment as YYYY-MM-DD HH:mm in the zone, in a <time> element', () => {
    const iso = '2026-11-20T12:41:00.000Z';
    const { container } = render(<Time iso={iso} timeZone={LOS_ANGELES} />);
    const time = container.querySelector('time');
    expect(time?.textContent).toBe('2026-11-20 04:41');
    expect(time?.getAttribute('dateTime')).toBe(iso);
    expect(time?.className).toContain('tabular-nums');
    // Nothing to reveal: not a tab stop.
    expect(time?.hasAttribute('tabindex')).toBe(false);
  });

  it('writes a date alone as YYYY-MM-DD, even within the last day', () => {
    const { container } = render(
      <Time iso="2026-11-25T20:00:00.000Z" dateOnly timeZone={LOS_ANGELES} />,
    );
    expect(container.querySelector('time')?.textContent).toBe('2026-11-25');
  });

  it('reads a moment of the last day relative, the absolute time its description', () => {
    render(<Time iso="2026-11-25T20:36:00.000Z" timeZone={LOS_ANGELES} />);
    const time = screen.getByTestId('relative-time');
    expect(time.firstChild?.textContent).toBe('12 min ago');
    const tooltip = screen.getByRole('tooltip', { hidden: true });
    expect(tooltip.textContent).toBe('2026-11-25 12:36');
    expect(time.getAttribute('aria-describedby')).toBe(tooltip.id);
  });

  it('shows the absolute time on hover and on keyboard focus alike', () => {
    vi.useRealTimers();
    render(<Time iso={new Date(Date.now() - 3 * 3_600_000).toISOString()} />);
    const time = screen.getByTestId('relative-time');
    const tooltip = screen.getByRole('tooltip', { hidden: true });
    // The tooltip is shown by CSS on the element's :hover and :focus (group-hover, group-focus).
    expect(tooltip.className).toContain('group-hover:visible');
    expect(tooltip.className).toContain('group-focus:visible');
    expect(tooltip.className).toContain('invisible');
    expect(time.className).toContain('group');
    // So it must be reachable by keyboard: a tab stop that takes focus.
    expect(time.tabIndex).toBe(0);
    time.focus();
    expect(document.activeElement).toBe(time);
    expect(time.firstChild?.textContent).toBe('3 h ago');
  });

  it('says None (a dash on screen) for a missing time', () => {
    render(<Time iso={null} />);
    expect(screen.getByTestId('missing-value').textContent).toBe('-None');
  });

  it("reads relative in the page's language, the absolute time the same in every language", async () => {
    startInLocale('ru', await loadMessages('ru'));
    try {
      render(<Time iso="2026-11-25T20:36:00.000Z" timeZone={LOS_ANGELES} />);
      expect(screen.getByTestId('relative-time').firstChild?.textContent).toBe('12 мин назад');
      expect(screen.getByRole('tooltip', { hidden: true }).textContent).toBe('2026-11-25 12:36');
      cleanup();
      render(<Time iso={null} />);
      expect(screen.getByTestId('missing-value').textContent).toBe('-Нет');
    } finally {
      startInLocale('en', await loadMessages('en'));
    }
  });
});
