// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePageInView } from './use-page-in-view';

let visibility: DocumentVisibilityState = 'visible';

function show(state: DocumentVisibilityState) {
  visibility = state;
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
}

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('usePageInView', () => {
  it('stays true through a short absence, turns false after a long one, true again when shown', () => {
    const { result } = renderHook(() => usePageInView(60_000));
    expect(result.current).toBe(true);

    show('hidden');
    act(() => void vi.advanceTimersByTime(59_000));
    expect(result.current).toBe(true);
    show('visible');
    act(() => void vi.advanceTimersByTime(60_000));
    expect(result.current).toBe(true);

    show('hidden');
    act(() => void vi.advanceTimersByTime(60_000));
    expect(result.current).toBe(false);
    show('visible');
    expect(result.current).toBe(true);
  });
});
