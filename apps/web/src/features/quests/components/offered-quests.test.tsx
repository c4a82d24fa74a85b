// @vitest-environment happy-dom
import type { PublicConfig } from '@netpulse/shared';
import { cleanup, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PUBLIC_CONFIG, setPublicConfig } from '@/config/public-config';
import { testProfile } from '@testing/test-profile';
import { QuestStatCards } from './quest-stat-cards';
import { SocialQuestsPanel } from './social-quests-panel';
import { renderInApp } from '@testing/render-in-app';

/** The e2e server's settings: X and Discord configured, Telegram not. */
const WITHOUT_TELEGRAM: PublicConfig = {
  ...DEFAULT_PUBLIC_CONFIG,
  questPlatforms: { x: true, discord: true, telegram: false, youtube: true },
};

function renderWith(config: PublicConfig, children: ReactNode) {
  setPublicConfig(config);
  return renderInApp(children);
}

afterEach(() => {
  cleanup();
  setPublicConfig(DEFAULT_PUBLIC_CONFIG);
});

describe('quests of platforms the operator has not configured', () => {
  it('are not shown to participants, nor is the operator’s setting mentioned', () => {
    renderWith(
      WITHOUT_TELEGRAM,
      <SocialQuestsPanel profile={testProfile()} profileFailed={false} constants={undefined} />,
    );
    expect(screen.getByTestId('quest-discordJoin')).toBeTruthy();
    expect(screen.getByTestId('quest-xFollow')).toBeTruthy();
    for (const key of ['telegramConnect', 'telegramJoin', 'telegramName']) {
      expect(screen.queryByTestId(`quest-${key}`)).toBeNull();
    }
    const text = screen.getByTestId('social-quests').textContent ?? '';
    expect(text).not.toContain('Telegram');
    expect(text).not.toMatch(/operator|set up|configured/i);
  });

  it('are not counted: 0/8 on a server with no platform credentials, not 0/19', () => {
    renderWith(DEFAULT_PUBLIC_CONFIG, <QuestStatCards profile={testProfile()} failed={false} />);
    expect(screen.getByTestId('quest-completed').querySelector('dd')?.textContent).toBe('0/8');
  });

  it('count 16 when only Telegram is missing, with the Bytes figure naming its unit', () => {
    renderWith(
      WITHOUT_TELEGRAM,
      <QuestStatCards profile={testProfile({ quest_completed: 2, points: 2000 })} failed={false} />,
    );
    expect(screen.getByTestId('quest-completed').querySelector('dd')?.textContent).toBe('2/16');
    expect(screen.getByTestId('quest-total-earned').querySelector('dd')?.textContent).toBe(
      '2,000 Bytes',
    );
  });
});
