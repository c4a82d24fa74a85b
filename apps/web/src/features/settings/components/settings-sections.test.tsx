// @vitest-environment happy-dom
import { VALIDATION, type AccountSession } from '@netpulse/shared';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { ChangePasswordDialog } from './change-password-dialog';
import { DeleteAccountDialog } from './delete-account-dialog';
import { RecoveryCodesView } from './recovery-codes-view';
import { SessionsSection } from './sessions-section';
import { TotpSetupDialog } from './totp-setup-dialog';
import { renderInApp } from '@testing/render-in-app';

// What the browser would save: the file's content and name, read back here.
const saved = vi.hoisted(() => ({ files: [] as { blob: Blob; name: string }[] }));
vi.mock('@/lib/download-file', () => ({
  saveFile: (blob: Blob, name: string) => saved.files.push({ blob, name }),
}));

const ok = (data?: unknown) => ({ success: true, message: 'OK', data });

function renderWith(node: ReactNode) {
  return renderInApp(node);
}

/** The message beneath a field, as a screen reader reaches it (after the field's hint, if any). */
const errorOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '')
    ?.textContent;

const CODES = [
  'a1b2c-3d4e5',
  'f6g7h-8i9j0',
  'k1l2m-3n4o5',
  'p6q7r-8s9t0',
  'u1v2w-3x4y5',
  'z6a7b-8c9d0',
  'e1f2g-3h4i5',
  'j6k7l-8m9n0',
  'o1p2q-3r4s5',
  't6u7v-8w9x0',
];

beforeEach(() => {
  vi.restoreAllMocks();
  saved.files = [];
  // happy-dom has no <dialog> modal API of its own.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterEach(cleanup);

describe('the password change', () => {
  const owner = { username: 'ada_l', email: 'ada@example.com' };

  it('checks the new password in the browser: typed twice alike, and not the account’s names', async () => {
    const post = vi.spyOn(apiClient, 'post');
    renderWith(<ChangePasswordDialog owner={owner} onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'old-pass' } });
    const newPassword = screen.getByLabelText('New password');
    const confirm = screen.getByLabelText('Confirm new password');
    fireEvent.change(newPassword, { target: { value: 'ada_l-is-here' } });
    fireEvent.change(confirm, { target: { value: 'ada_l-is-here!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(errorOf(confirm)).toBe(VALIDATION.passwordsMustMatch));
    expect(errorOf(newPassword)).toBe(VALIDATION.newPasswordHasUsername);
    expect(post).not.toHaveBeenCalled();
  });

  it('sends the current and the new password, never the confirmation, and closes', async () => {
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue(ok());
    const onClose = vi.fn();
    renderWith(<ChangePasswordDialog owner={owner} onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'old-pass' } });
    fireEvent.change(screen.getByLabelText('New password'), {
      target: { value: 'brand-new-pass' },
    });
    fireEvent.change(screen.getByLabelText('Confirm new password'), {
      target: { value: 'brand-new-pass' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith('/api/account/password', {
      currentPassword: 'old-pass',
      newPassword: 'brand-new-pass',
    });
  });
});

describe('the recovery codes', () => {
  it('download as a text file naming whose they are, one code a line', async () => {
    renderWith(<RecoveryCodesView codes={CODES} username="ada_l" onDone={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));

    expect(saved.files).toHaveLength(1);
    const { blob, name } = saved.files[0]!;
    expect(name).toBe('netpulse-recovery-codes.txt');
    expect(blob.type).toContain('text/plain');
    const lines = (await blob.text()).split('\n');
    expect(lines[0]).toContain('ada_l');
    expect(lines.slice(2, 12)).toEqual(CODES);
  });

  it('are done only once the person says they saved them', () => {
    const onDone = vi.fn();
    renderWith(<RecoveryCodesView codes={CODES} username="ada_l" onDone={onDone} />);
    const done = screen.getByRole('button', { name: 'Done' });
    expect(done).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByLabelText('I saved my recovery codes'));
    expect(done).toHaveProperty('disabled', false);
    fireEvent.click(done);
    expect(onDone).toHaveBeenCalled();
  });
});

describe('setting up the authenticator app', () => {
  const setup = {
    secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    otpauthUrl: 'otpauth://totp/Netpulse:ada_l?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  };

  it('shows the secret as text, and turns on with a first code, then shows the codes once', async () => {
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue(ok({ recoveryCodes: CODES }));
    renderWith(<TotpSetupDialog setup={setup} username="ada_l" onClose={() => {}} />);
    expect(screen.getByTestId('totp-secret').textContent).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    const code = screen.getByLabelText('Then enter the 6-digit code the app shows');
    fireEvent.change(code, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(errorOf(code)).toBe('The code is 6 digits'));
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toBeTruthy();
    expect(post).toHaveBeenCalledWith('/api/account/two-factor/totp/confirm', { code: '123456' });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
  });
});

describe('deleting the account', () => {
  it('waits for the username typed exactly, and asks for a code when two-factor is on', async () => {
    const request = vi.spyOn(apiClient, 'request').mockResolvedValue(ok());
    renderWith(<DeleteAccountDialog username="ada_l" needsCode onClose={() => {}} />);
    const submit = screen.getByRole('button', { name: 'Delete my account' });
    const typed = screen.getByLabelText('Type ada_l to confirm');
    fireEvent.change(typed, { target: { value: 'ADA_L' } });
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.change(typed, { target: { value: 'ada_l' } });
    expect(submit).toHaveProperty('disabled', false);

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct-horse' } });
    fireEvent.click(submit);
    const code = screen.getByLabelText('Code from your authenticator app');
    await waitFor(() =>
      expect(errorOf(code)).toBe('Enter the 6-digit code from your authenticator app'),
    );
    expect(request).not.toHaveBeenCalled();

    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(submit);
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith('DELETE', '/api/account', {
        body: { confirm: 'ada_l', password: 'correct-horse', code: '654321' },
      }),
    );
  });
});

describe('deleting the account with two-factor sign-in on', () => {
  it('switches from the empty code field to a recovery code without saying the code is missing', async () => {
    renderWith(<DeleteAccountDialog username="ada_l" needsCode onClose={() => {}} />);
    const code = screen.getByLabelText('Code from your authenticator app');
    const toggle = screen.getByRole('button', { name: 'Use a recovery code instead' });
    fireEvent.focus(code);
    // Pressing the toggle takes the focus from the field before the click lands: a message
    // appearing then would move the toggle from under the pointer.
    fireEvent.blur(code);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(errorOf(code)).toBeUndefined();

    fireEvent.click(toggle);
    const recovery = screen.getByLabelText('Recovery code');
    expect(screen.queryByLabelText('Code from your authenticator app')).toBeNull();
    expect(errorOf(recovery)).toBeUndefined();
  });
});

describe('the sessions list', () => {
  const session = (overrides: Partial<AccountSession>): AccountSession => ({
    id: '00000000-0000-4000-8000-000000000001',
    browser: 'Chrome on Linux',
    network: '203.0.113.0/24',
    created_at: '2026-11-20T10:00:00.000Z',
    last_used_at: '2026-11-20T11:00:00.000Z',
    current: false,
    ...overrides,
  });

  it('marks this browser, shows networks only, and signs another out by its id', async () => {
    const sessions = [
      session({ id: '00000000-0000-4000-8000-00000000000a', current: true }),
      session({ id: '00000000-0000-4000-8000-00000000000b', browser: 'Firefox on Windows' }),
    ];
    vi.spyOn(apiClient, 'get').mockResolvedValue(ok(sessions));
    const request = vi.spyOn(apiClient, 'request').mockResolvedValue(ok());
    renderWith(<SessionsSection />);

    const rows = await screen.findAllByTestId('session');
    expect(rows[0]?.textContent).toContain('This browser');
    expect(rows[1]?.textContent).not.toContain('This browser');
    expect(rows[1]?.textContent).toContain('Network 203.0.113.0/24');
    fireEvent.click(rows[1]!.querySelector('button')!);
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(
        'DELETE',
        '/api/account/sessions/00000000-0000-4000-8000-00000000000b',
      ),
    );
  });

  it('signs this browser out without asking again for the list it can no longer read', async () => {
    const sessions = [
      session({ id: '00000000-0000-4000-8000-00000000000a', current: true }),
      session({ id: '00000000-0000-4000-8000-00000000000b', browser: 'Firefox on Windows' }),
    ];
    const get = vi.spyOn(apiClient, 'get').mockResolvedValue(ok(sessions));
    const request = vi.spyOn(apiClient, 'request').mockResolvedValue(ok());
    // The list's reads by the time the screen says this browser is signed out (and signs out).
    let readsWhenSignedOut = -1;
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {
      readsWhenSignedOut = get.mock.calls.length;
    });
    renderWith(<SessionsSection />);

    const rows = await screen.findAllByTestId('session');
    fireEvent.click(rows[0]!.querySelector('button')!);
    await waitFor(() => expect(success).toHaveBeenCalledWith('You signed out of this browser.'));
    expect(request).toHaveBeenCalledWith(
      'DELETE',
      '/api/account/sessions/00000000-0000-4000-8000-00000000000a',
    );
    expect(readsWhenSignedOut).toBe(1);
  });

  it('offers to sign the others out only when there are others', async () => {
    vi.spyOn(apiClient, 'get').mockResolvedValue(ok([session({ current: true })]));
    renderWith(<SessionsSection />);
    await screen.findAllByTestId('session');
    expect(screen.getByRole('button', { name: 'Sign out all other sessions' })).toHaveProperty(
      'disabled',
      true,
    );
  });
});
