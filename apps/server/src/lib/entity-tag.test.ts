import { describe, expect, it } from 'vitest';
import { isNotModified } from './entity-tag.ts';

describe('isNotModified', () => {
  it('matches the tag in a list, weak or strong on either side', () => {
    expect(isNotModified('"abc"', '"abc"')).toBe(true);
    expect(isNotModified('W/"abc"', '"abc"')).toBe(true);
    expect(isNotModified('"abc"', 'W/"abc"')).toBe(true);
    expect(isNotModified('"old", W/"abc" ', '"abc"')).toBe(true);
    expect(isNotModified('*', '"abc"')).toBe(true);
  });

  it('does not match another tag, a part of one, or no header', () => {
    expect(isNotModified(undefined, '"abc"')).toBe(false);
    expect(isNotModified('', '"abc"')).toBe(false);
    expect(isNotModified('"abcd"', '"abc"')).toBe(false);
    expect(isNotModified('abc', '"abc"')).toBe(false);
    expect(isNotModified('"old", "new"', '"abc"')).toBe(false);
  });
});
