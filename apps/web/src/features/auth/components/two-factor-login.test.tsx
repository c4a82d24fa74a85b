// @vitest-environment happy-dom
import { TOKEN_STORAGE_KEY } from '@netpulse/shared';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaptchaProps } from '@/components/captcha/captcha-props';
import { ApiError, apiClient } from '@/lib/api-client';
import LoginForm from './login-form';

// The widget itself is not under test: a button stands in for a solved captcha.
vi.mock('@/components/captcha/captcha', () => ({
  Captcha: ({ onVerify }: CaptchaProps) => (
    <button type="button" onClick={() => onVerify('solved')}>
      Solve captcha
    </button>
  ),
}));

// The browser's WebAuthn prompt, as @simplewebauthn/browser returns it.
const webauthn = vi.hoisted(() => ({ startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => webauthn);

const ok = (data: unknown) => ({ success: true, message: 'OK', data });

function renderLogin() {
  return render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginForm />} />
        <Route path="/dashboard" element={<p>the dashboard</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The password step, answered with a challenge: the second step is on screen after it. */
async function passPasswordStep() {
  fireEvent.change(screen.getByLabelText('Email or username'), { target: { value: 'ada_l' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct-horse' } });
  fireEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  // The step's code and texts load only now: give them the time a busy machine takes.
  await screen.findByRole('heading', { name: 'Two-factor sign-in' }, { timeout: 10_000 });
}

const errorOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

beforeEach(() => {
  vi.restoreAllMocks();
  webauthn.startAuthentication.mockReset();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(globalThis, 'PublicKeyCredential');
});

describe('a login with two-factor sign-in on', () => {
  it('asks for the code after the password, and signs in with it as a login does', async () => {
    const post = vi.spyOn(apiClient, 'post').mockImplementation(async (path) => {
      if (path === '/api/auth/login') return ok({ twoFactorRequired: true, challenge: 'ch-1' });
      if (path === '/api/auth/login/two-factor') return ok({ accessToken: 'token-2fa' });
      throw new Error(`unexpected call ${path}`);
    });
    renderLogin();
    await passPasswordStep();
    // No session yet: the password alone stored nothing.
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(screen.queryByLabelText('Password')).toBeNull();

    // A code copied from an app as "123 456" is sent as its six digits.
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('the dashboard')).toBeTruthy();
    expect(post).toHaveBeenCalledWith('/api/auth/login/two-factor', {
      challenge: 'ch-1',
      code: '123456',
    });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('token-2fa');
  });

  it('takes a recovery code instead, checked before it is sent', async () => {
    const post = vi.spyOn(apiClient, 'post').mockImplementation(async (path) => {
      if (path === '/api/auth/login') return ok({ twoFactorRequired: true, challenge: 'ch-2' });
      if (path === '/api/auth/login/two-factor') return ok({ accessToken: 'token-recovery' });
      throw new Error(`unexpected call ${path}`);
    });
    renderLogin();
    await passPasswordStep();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.queryByLabelText('6-digit code')).toBeNull();
    const recovery = screen.getByLabelText('Recovery code');

    fireEvent.change(recovery, { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(errorOf(recovery)).toBe('A recovery code is 10 letters and digits, like abcde-12345'),
    );
    expect(post).toHaveBeenCalledTimes(1);

    fireEvent.change(recovery, { target: { value: 'abcde-12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('the dashboard')).toBeTruthy();
    expect(post).toHaveBeenLastCalledWith('/api/auth/login/two-factor', {
      challenge: 'ch-2',
      recoveryCode: 'abcde-12345',
    });
  });

  it('shows a wrong code beneath the field and stays on the step', async () => {
    const refusal = 'That code is not right. Please try again.';
    vi.spyOn(apiClient, 'post').mockImplementation(async (path) => {
      if (path === '/api/auth/login') return ok({ twoFactorRequired: true, challenge: 'ch-3' });
      throw new ApiError(400, { success: false, message: refusal, errors: { code: [refusal] } });
    });
    renderLogin();
    await passPasswordStep();
    const code = screen.getByLabelText('6-digit code');
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(errorOf(code)).toBe(refusal));
    expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('goes back to the password when the challenge is over (expired, or five wrong codes)', async () => {
    vi.spyOn(apiClient, 'post').mockImplementation(async (path) => {
      if (path === '/api/auth/login') return ok({ twoFactorRequired: true, challenge: 'ch-4' });
      throw new ApiError(401, {
        success: false,
        message: 'This sign-in has expired. Please sign in again.',
      });
    });
    renderLogin();
    await passPasswordStep();
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Two-factor sign-in' })).toBeNull();
  });
});

describe('signing in with a passkey', () => {
  it('needs no username: options, the browser prompt, then a login', async () => {
    Object.assign(globalThis, { PublicKeyCredential: function PublicKeyCredential() {} });
    const options = { challenge: 'webauthn-challenge', rpId: 'localhost', allowCredentials: [] };
    const assertion = { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: {} };
    webauthn.startAuthentication.mockResolvedValue(assertion);
    const post = vi.spyOn(apiClient, 'post').mockImplementation(async (path) => {
      if (path === '/api/auth/passkey/options') return ok({ challenge: 'opaque', options });
      if (path === '/api/auth/passkey') return ok({ accessToken: 'token-passkey' });
      throw new Error(`unexpected call ${path}`);
    });
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));

    expect(await screen.findByText('the dashboard')).toBeTruthy();
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: options });
    expect(post).toHaveBeenCalledWith('/api/auth/passkey', {
      challenge: 'opaque',
      response: assertion,
    });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('token-passkey');
  });

  it('sends nothing more when the person closes the browser prompt', async () => {
    Object.assign(globalThis, { PublicKeyCredential: function PublicKeyCredential() {} });
    const cancelled = Object.assign(
      new Error('The operation either timed out or was not allowed.'),
      {
        name: 'NotAllowedError',
      },
    );
    webauthn.startAuthentication.mockRejectedValue(cancelled);
    const post = vi.spyOn(apiClient, 'post').mockImplementation(async (path) => {
      if (path === '/api/auth/passkey/options') return ok({ challenge: 'opaque', options: {} });
      throw new Error(`unexpected call ${path}`);
    });
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(webauthn.startAuthentication).toHaveBeenCalled());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toHaveProperty(
        'disabled',
        false,
      ),
    );
    expect(post.mock.calls.map(([path]) => path)).toEqual(['/api/auth/passkey/options']);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('asks nothing of the server in a browser without WebAuthn', async () => {
    const post = vi.spyOn(apiClient, 'post');
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toHaveProperty(
        'disabled',
        false,
      ),
    );
    expect(post).not.toHaveBeenCalled();
    expect(webauthn.startAuthentication).not.toHaveBeenCalled();
  });
});
