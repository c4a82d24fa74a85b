// @vitest-environment happy-dom
import { VALIDATION } from '@netpulse/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaptchaProps } from '@/components/captcha/captcha-props';
import { ApiError, apiClient } from '@/lib/api-client';
import { RegisterScreen } from './register-screen';
import { renderInApp } from '@testing/render-in-app';

// The widget itself is not under test: a button stands in for a solved captcha.
vi.mock('@/components/captcha/captcha', () => ({
  Captcha: ({ onVerify }: CaptchaProps) => (
    <button type="button" onClick={() => onVerify('solved')}>
      Solve captcha
    </button>
  ),
}));

function renderScreen() {
  return renderInApp(<RegisterScreen />, { at: '/register?ref=ABCD2345' });
}

const errorOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

function fill(fields: { email: string; username: string; password: string }) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: fields.email } });
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: fields.username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: fields.password } });
  fireEvent.change(screen.getByLabelText('Confirm password'), {
    target: { value: fields.password },
  });
  fireEvent.click(screen.getByRole('checkbox'));
  fireEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
}

beforeEach(() => {
  vi.restoreAllMocks();
});
afterEach(cleanup);

describe('the register screen', () => {
  it("shows the server's verdict on the password (the common-password list) beneath that field", async () => {
    const refusal = VALIDATION.newPasswordCommon;
    vi.spyOn(apiClient, 'post').mockRejectedValue(
      new ApiError(400, { success: false, message: refusal, errors: { password: [refusal] } }),
    );
    renderScreen();
    fill({ email: 'ada@example.com', username: 'ada_l', password: 'sunshine1' });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(errorOf(password)).toBe(refusal));
  });

  it('refuses a password holding the username, in any case, before any request', async () => {
    const post = vi.spyOn(apiClient, 'post');
    renderScreen();
    fill({ email: 'ada@example.com', username: 'ada_l', password: 'my-ADA_L-secret' });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(errorOf(password)).toBe(VALIDATION.newPasswordHasUsername));
    expect(post).not.toHaveBeenCalled();
  });
});
