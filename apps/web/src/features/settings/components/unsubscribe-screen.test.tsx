// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient } from '@/lib/api-client';
import { UnsubscribeScreen } from './unsubscribe-screen';
import { renderInApp } from '@testing/render-in-app';

function renderScreen(search: string) {
  renderInApp(<UnsubscribeScreen />, { at: `/unsubscribe${search}` });
}

const unsubscribeButton = () => screen.getByRole('button', { name: 'Unsubscribe' });

beforeEach(() => vi.restoreAllMocks());
afterEach(cleanup);

describe('the unsubscribe page of a notice mail', () => {
  it('changes nothing on opening; its button posts the token, then names the events turned off', async () => {
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue({
      success: true,
      message: 'OK',
      data: { events: ['cycle_ended', 'node_offline'] },
    });
    renderScreen('?token=7.cycle_ended%2Bnode_offline.sig');
    expect(screen.getByText('Stop these mails')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(unsubscribeButton());
    expect((await screen.findByTestId('unsubscribe-done')).textContent).toBe(
      'You will no longer get mail about Cycle ended and Node offline or back online.',
    );
    expect(post).toHaveBeenCalledWith(
      '/api/notifications/unsubscribe?token=7.cycle_ended%2Bnode_offline.sig',
    );
    expect(screen.getByRole('link', { name: /in your settings/ })).toBeTruthy();
  });

  it('says the server’s reason when the link is refused, and the button stays for another try', async () => {
    vi.spyOn(apiClient, 'post').mockRejectedValue(
      new ApiError(400, { success: false, message: 'This unsubscribe link is not valid' }),
    );
    renderScreen('?token=forged');
    fireEvent.click(unsubscribeButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This unsubscribe link is not valid',
    );
    expect(unsubscribeButton()).toBeTruthy();
  });

  it('offers no button to press without a token', () => {
    renderScreen('');
    expect((unsubscribeButton() as HTMLButtonElement).disabled).toBe(true);
  });
});
