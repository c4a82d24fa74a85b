import { describe, expect, it } from 'vitest';
import { EXTENSION_VALUE_MAX } from './extension-keys.ts';
import {
  isExtensionMessage,
  parseExtensionMessage,
  type ExtensionMessage,
} from './extension-messages.ts';

describe('parseExtensionMessage', () => {
  const valid: ExtensionMessage[] = [
    { type: 'store', key: 'token', value: 'eyJhbGciOi.x.y' },
    { type: 'store', key: 'data', value: '{"a":1}' },
    { type: 'remove', key: 'token' },
    { type: 'remove', key: 'data' },
  ];

  it.each(valid)('accepts the messages the web app sends: %o', (message) => {
    expect(parseExtensionMessage(message)).toEqual({ ok: true, message });
    expect(isExtensionMessage(message)).toBe(true);
  });

  it.each([
    ['not an object', 'store'],
    ['null', null],
    ['an array', [{ type: 'remove', key: 'token' }]],
    ['an unknown type', { type: 'clear', key: 'token' }],
    ['an unknown key', { type: 'store', key: 'password', value: 'x' }],
    ['store without a value', { type: 'store', key: 'token' }],
    ['an empty value', { type: 'store', key: 'token', value: '' }],
    ['a value that is not text', { type: 'store', key: 'token', value: 42 }],
    [
      'a value over the limit',
      { type: 'store', key: 'token', value: 'x'.repeat(EXTENSION_VALUE_MAX + 1) },
    ],
    ['an extra field', { type: 'remove', key: 'token', value: 'x' }],
  ])('refuses %s, naming the problem', (_case, raw) => {
    const parsed = parseExtensionMessage(raw);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(/^Invalid message\. .+/);
    expect(isExtensionMessage(raw)).toBe(false);
  });

  it('names the field that is wrong', () => {
    const parsed = parseExtensionMessage({ type: 'store', key: 'secret', value: 'x' });
    expect(parsed).toMatchObject({ ok: false, error: expect.stringContaining('key') });
  });
});
