// @vitest-environment happy-dom
import { VALIDATION } from '@netpulse/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient } from '@/lib/api-client';
import { ResetPasswordScreen } from './reset-password-screen';
import { renderInApp } from '@testing/render-in-app';

function renderScreen() {
  return renderInApp(<ResetPasswordScreen />, { at: '/reset-password?token=link-token' });
}

/** The message beneath a field, as a screen reader reaches it. */
const errorOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

beforeEach(() => {
  vi.restoreAllMocks();
});
afterEach(cleanup);

describe('the reset password screen', () => {
  it("shows the server's verdict on the new password beneath that field", async () => {
    const refusal = VALIDATION.newPasswordHasUsername;
    const post = vi
      .spyOn(apiClient, 'post')
      .mockRejectedValue(
        new ApiError(400, { success: false, message: refusal, errors: { newPassword: [refusal] } }),
      );
    renderScreen();
    const newPassword = screen.getByLabelText('New password');
    fireEvent.change(newPassword, { target: { value: 'ada_lovelace-horse' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), {
      target: { value: 'ada_lovelace-horse' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));

    await waitFor(() => expect(errorOf(newPassword)).toBe(refusal));
    expect(post).toHaveBeenCalledWith('/api/auth/reset-password', {
      newPassword: 'ada_lovelace-horse',
      token: 'link-token',
    });
    expect(newPassword.getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses a password of 7 characters in the browser, before any request', async () => {
    const post = vi.spyOn(apiClient, 'post');
    renderScreen();
    const newPassword = screen.getByLabelText('New password');
    fireEvent.change(newPassword, { target: { value: 'seven77' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'seven77' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));

    await waitFor(() => expect(errorOf(newPassword)).toBe(VALIDATION.newPasswordTooShort));
    expect(post).not.toHaveBeenCalled();
  });
});
