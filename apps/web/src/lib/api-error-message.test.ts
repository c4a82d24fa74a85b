import { describe, expect, it } from 'vitest';
import { AUTH_TOASTS } from '@netpulse/shared';
import { ApiError } from './api-client';
import { apiFailureMessage, failureMessage, serverErrorText } from './api-error-message';

const loginTexts = { failed: AUTH_TOASTS.loginFailure, exception: AUTH_TOASTS.loginRejected };

describe('failure messages', () => {
  it('prefers the field errors, one per line', () => {
    const error = new ApiError(400, {
      success: false,
      message: 'Validation failed',
      errors: { email: ['Please enter a valid email'], username: ['Username is required'] },
    });
    expect(serverErrorText(error)).toBe('Please enter a valid email\nUsername is required');
  });

  it('falls back to the message, then to the flow text', () => {
    const withMessage = new ApiError(401, { success: false, message: 'Invalid credentials' });
    expect(failureMessage(withMessage, loginTexts)).toBe('Invalid credentials');

    const withoutEnvelope = new ApiError(502, null);
    expect(failureMessage(withoutEnvelope, loginTexts)).toBe('Login failed due to an error.');
    expect(failureMessage(new ApiError(400, { success: false, message: '' }), loginTexts)).toBe(
      'Login failed due to an error.',
    );
  });

  it('uses the exception text when the call got no answer', () => {
    expect(failureMessage(new TypeError('Failed to fetch'), loginTexts)).toBe('Login failed!');
  });

  it('shows "Something went wrong" for a failed answer without message', () => {
    expect(apiFailureMessage(new ApiError(500, { success: false, message: '' }))).toBe(
      'Something went wrong',
    );
  });
});
