// @vitest-environment happy-dom
import type { FirstRunState } from '@netpulse/shared';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { FirstRunChecklist } from './first-run-checklist';
import { renderInApp } from '@testing/render-in-app';

function renderWith(state: FirstRunState) {
  vi.spyOn(apiClient, 'get').mockResolvedValue({ success: true, message: 'OK', data: state });
  return renderInApp(<FirstRunChecklist enabled />);
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the first-run checklist', () => {
  it('ticks the steps done and links the others to where they are done', async () => {
    renderWith({
      email_verified: true,
      extension_signed_in: false,
      first_test: true,
      first_daily_claim: false,
      first_friend_invited: false,
    });
    expect(await screen.findByText('2 of 5 done')).toBeTruthy();
    expect(screen.getByTestId('first-run-first_test').textContent).toBe(
      'Done: Run your first speed test',
    );
    expect(screen.queryByRole('link', { name: 'Run your first speed test' })).toBeNull();
    expect(
      screen
        .getByRole('link', { name: 'Install the extension and sign it in' })
        .getAttribute('href'),
    ).toBe('/install');
    expect(
      screen.getByRole('link', { name: 'Invite your first friend' }).getAttribute('href'),
    ).toBe('/referral');
  });

  it('is gone once every step is done', async () => {
    const { container } = renderWith({
      email_verified: true,
      extension_signed_in: true,
      first_test: true,
      first_daily_claim: true,
      first_friend_invited: true,
    });
    await vi.waitFor(() => expect(apiClient.get).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.innerHTML).toBe('');
  });
});
