// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The module keeps whether the page was interacted with: a fresh copy per test.
const load = () => import('./first-interaction');

beforeEach(() => vi.resetModules());
afterEach(() => {
  (document.activeElement as HTMLElement | null)?.blur();
  document.body.innerHTML = '';
});

describe('firstInteraction', () => {
  it('waits for the first key, pointer, touch or focus, and stays resolved after', async () => {
    const { firstInteraction, hasInteracted } = await load();
    let resolved = false;
    void firstInteraction().then(() => (resolved = true));
    await Promise.resolve();
    expect(resolved).toBe(false);
    expect(hasInteracted()).toBe(false);

    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    await vi.waitFor(() => expect(resolved).toBe(true));
    expect(hasInteracted()).toBe(true);
    await expect(firstInteraction()).resolves.toBeUndefined();
  });

  it('counts a field focused before it was asked', async () => {
    const input = document.createElement('input');
    document.body.append(input);
    input.focus();
    const { firstInteraction, hasInteracted } = await load();
    expect(hasInteracted()).toBe(true);
    await expect(firstInteraction()).resolves.toBeUndefined();
  });
});
