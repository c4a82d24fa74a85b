import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createVisibilityDelay } from './visibility-delay';

describe('createVisibilityDelay', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires once the target has been visible for the whole delay', () => {
    const onDue = vi.fn();
    const delay = createVisibilityDelay(2500, onDue);
    delay.update(true);
    vi.advanceTimersByTime(2499);
    expect(onDue).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onDue).toHaveBeenCalledTimes(1);
  });

  it('does not fire while the target is hidden', () => {
    const onDue = vi.fn();
    const delay = createVisibilityDelay(2500, onDue);
    delay.update(false);
    vi.advanceTimersByTime(10_000);
    expect(onDue).not.toHaveBeenCalled();
  });

  it('restarts the wait when the target leaves view before the delay', () => {
    const onDue = vi.fn();
    const delay = createVisibilityDelay(2500, onDue);
    delay.update(true);
    vi.advanceTimersByTime(2000);
    delay.update(false);
    vi.advanceTimersByTime(1000);
    delay.update(true);
    vi.advanceTimersByTime(2000);
    expect(onDue).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(onDue).toHaveBeenCalledTimes(1);
  });

  it('keeps the running wait when told again that the target is visible', () => {
    const onDue = vi.fn();
    const delay = createVisibilityDelay(2500, onDue);
    delay.update(true);
    vi.advanceTimersByTime(2000);
    delay.update(true);
    vi.advanceTimersByTime(500);
    expect(onDue).toHaveBeenCalledTimes(1);
  });

  it('fires only once, and never after dispose', () => {
    const onDue = vi.fn();
    const delay = createVisibilityDelay(100, onDue);
    delay.update(true);
    vi.advanceTimersByTime(100);
    delay.update(false);
    delay.update(true);
    vi.advanceTimersByTime(1000);
    expect(onDue).toHaveBeenCalledTimes(1);

    const disposed = vi.fn();
    const other = createVisibilityDelay(100, disposed);
    other.update(true);
    other.dispose();
    vi.advanceTimersByTime(1000);
    other.update(true);
    vi.advanceTimersByTime(1000);
    expect(disposed).not.toHaveBeenCalled();
  });
});
