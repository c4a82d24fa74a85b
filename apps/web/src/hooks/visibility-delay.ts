/** The timer functions the delay needs; the globals by default, fakes in tests. */
export interface DelayTimers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const globalTimers: DelayTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface VisibilityDelay {
  /** Reports whether the target is visible enough now. */
  update(visible: boolean): void;
  /** Stops waiting; `onDue` will not be called any more. */
  dispose(): void;
}

/**
 * Calls `onDue` once, after the target has stayed visible for `delayMs` in one
 * stretch. Leaving view before then restarts the wait from zero (spec section
 * 4: the network table loads once it has been half visible for 2.5 s).
 */
export function createVisibilityDelay(
  delayMs: number,
  onDue: () => void,
  timers: DelayTimers = globalTimers,
): VisibilityDelay {
  let timer: unknown = null;
  let finished = false;

  const stop = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  };

  return {
    update(visible) {
      if (finished) return;
      if (!visible) {
        stop();
        return;
      }
      timer ??= timers.setTimeout(() => {
        timer = null;
        finished = true;
        onDue();
      }, delayMs);
    },
    dispose() {
      stop();
      finished = true;
    },
  };
}
