import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { showFormFailure } from './form-failure';
import { toast } from './toast';

vi.mock('./toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const texts = { failed: 'Signup failed', exception: 'Something went wrong!' };
const answer = (errors?: Record<string, string[]>, message = 'Validation failed') =>
  new ApiError(400, { success: false, message, errors });

function fail(error: unknown, shownElsewhere: string[] = []) {
  vi.mocked(toast.error).mockClear();
  const setError = vi.fn();
  showFormFailure(error, { setError, fields: ['email', 'username'], shownElsewhere, texts });
  return { setError, toasts: vi.mocked(toast.error).mock.calls.map(([text]) => text) };
}

describe('showFormFailure: a server error shows once', () => {
  it('a message for a field goes under the field only, the first one focused', () => {
    const { setError, toasts } = fail(
      answer({ email: ['Email is taken'], username: ['Too short'] }),
    );
    expect(setError).toHaveBeenCalledWith(
      'email',
      { type: 'server', message: 'Email is taken' },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenCalledWith(
      'username',
      { type: 'server', message: 'Too short' },
      { shouldFocus: false },
    );
    expect(toasts).toEqual([]);
  });

  it('a message for a name the form has no field for is the toast', () => {
    const { toasts } = fail(answer({ email: ['Email is taken'], referralCode: ['Unknown code'] }));
    expect(toasts).toEqual(['Unknown code']);
  });

  it('a message the form shows elsewhere (the captcha) is not toasted', () => {
    const { toasts } = fail(answer({ captchaResponse: ['Solve it again'] }), ['captchaResponse']);
    expect(toasts).toEqual([]);
  });

  it('a failure naming no field is the toast, in the server words or the fallback', () => {
    expect(fail(answer(undefined, 'Invalid credentials')).toasts).toEqual(['Invalid credentials']);
    expect(fail(new Error('offline')).toasts).toEqual(['Something went wrong!']);
  });
});
