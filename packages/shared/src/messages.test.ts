import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGE_TEMPLATES, waitText } from './messages.ts';

describe('waitText', () => {
  it('counts down a minute in seconds, longer waits in minutes and seconds', () => {
    expect(waitText(60)).toBe('60 s');
    expect(waitText(41.2)).toBe('42 s');
    expect(waitText(0)).toBe('0 s');
    expect(waitText(-3)).toBe('0 s');
    expect(waitText(91)).toBe('1 min 31 s');
    expect(waitText(55 * 60)).toBe('55 min');
  });

  it('is what the resend button and the 429 say', () => {
    expect(SERVER_MESSAGE_TEMPLATES.resendWait(42)).toBe('You can resend in 42 s.');
  });
});
