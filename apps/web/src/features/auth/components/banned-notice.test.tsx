// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSignOutNotice, rememberBan } from '@/lib/sign-out-notice';
import { BannedNotice } from './banned-notice';

afterEach(() => {
  cleanup();
  clearSignOutNotice();
});

describe('the banned notice on /login', () => {
  it('says nothing for an ordinary visit', () => {
    const { container } = render(<BannedNotice />);
    expect(container.innerHTML).toBe('');
  });

  it('says the account was banned, with the reason shown to the person, and goes at login', () => {
    rememberBan('Several accounts on one machine');
    render(<BannedNotice />);
    expect(screen.getByRole('alert').textContent).toBe(
      'This account was banned, so you were signed out.Reason: Several accounts on one machine',
    );
    act(() => clearSignOutNotice());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so without a reason when none was given to show', () => {
    rememberBan(null);
    render(<BannedNotice />);
    expect(screen.getByRole('alert').textContent).toContain('No reason was given.');
  });
});
