// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route, Routes } from '@/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient } from '@/lib/api-client';
import { CheckInboxScreen, type CheckInboxState } from './check-inbox-screen';
import { VerifyEmailScreen } from './verify-email-screen';
import { renderInApp } from '@testing/render-in-app';

function renderAt(path: string, element: ReactNode, state?: unknown) {
  return renderInApp(
    <Routes>
      <Route path="/verify-email/:token" element={element} />
      <Route path="/check-inbox" element={element} />
      <Route path="/" element={<p>Home</p>} />
    </Routes>,
    { at: { pathname: path, state } },
  );
}

const signedUp: CheckInboxState = { email: 'ada@example.com', resendAfterSeconds: 60 };

beforeEach(() => {
  vi.restoreAllMocks();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Check your inbox', () => {
  it('names the address and counts down to the resend, then sends and waits again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const post = vi
      .spyOn(apiClient, 'post')
      .mockResolvedValue({ success: true, message: 'ok', data: { retryAfterSeconds: 60 } });
    renderAt('/check-inbox', <CheckInboxScreen />, signedUp);

    expect(screen.getByTestId('inbox-address')).toHaveProperty('textContent', 'ada@example.com');
    const resend = screen.getByRole('button', { name: 'Resend the email' });
    expect(resend).toHaveProperty('disabled', true);
    expect(screen.getByText('You can resend in 60 s.')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(18_000));
    expect(screen.getByText('You can resend in 42 s.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(42_000));
    expect(resend).toHaveProperty('disabled', false);

    fireEvent.click(resend);
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/auth/resend-verification', {
        email: 'ada@example.com',
      }),
    );
    await waitFor(() => expect(resend).toHaveProperty('disabled', true));
    expect(screen.getByText(/on its way|Sent/)).toBeTruthy();
  });

  it("takes the server's wait when it refuses (another tab asked first)", async () => {
    vi.spyOn(apiClient, 'post').mockRejectedValue(
      new ApiError(429, {
        success: false,
        message: 'You can resend in 30 s.',
        data: { retryAfterSeconds: 30 },
      }),
    );
    renderAt('/check-inbox', <CheckInboxScreen />, { ...signedUp, resendAfterSeconds: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Resend the email' }));
    await waitFor(() => expect(screen.getByText('You can resend in 30 s.')).toBeTruthy());
  });

  it('asks for the address when opened without sign-up', () => {
    renderAt('/check-inbox', <CheckInboxScreen />);
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send a new link' })).toBeTruthy();
  });
});

describe('a verification link', () => {
  it('that is invalid or used says so, stays, and offers a new link for the address typed', async () => {
    vi.spyOn(apiClient, 'get').mockRejectedValue(
      new ApiError(400, { success: false, message: 'This verification link is invalid' }),
    );
    const post = vi
      .spyOn(apiClient, 'post')
      .mockResolvedValue({ success: true, message: 'ok', data: { retryAfterSeconds: 60 } });
    renderAt('/verify-email/used-token', <VerifyEmailScreen />);

    await screen.findByRole('heading', { name: 'This link does not work' }, { timeout: 3000 });
    expect(screen.getByText(/invalid or already used/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/auth/resend-verification', {
        email: 'ada@example.com',
      }),
    );
    expect(screen.queryByText('Home')).toBeNull();
  });

  it('of a verified address says so and offers to log in', async () => {
    vi.spyOn(apiClient, 'get').mockRejectedValue(
      new ApiError(409, { success: false, message: 'This email is already verified.' }),
    );
    renderAt('/verify-email/old-token', <VerifyEmailScreen />);
    await screen.findByRole('heading', { name: 'Already verified' }, { timeout: 3000 });
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });
});
