import { describe, expect, it, vi } from 'vitest';
import { retry } from './retry';

const noSleep = () => Promise.resolve();

describe('retry', () => {
  it('returns the first success', async () => {
    const task = vi.fn().mockRejectedValueOnce(new Error('1')).mockResolvedValue('ok');
    await expect(retry(task, { retries: 2, delayMs: 10, sleep: noSleep })).resolves.toBe('ok');
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('gives up after the first attempt plus `retries`, with the last error', async () => {
    const task = vi
      .fn()
      .mockRejectedValueOnce(new Error('1'))
      .mockRejectedValueOnce(new Error('2'))
      .mockRejectedValueOnce(new Error('3'));
    const sleep = vi.fn(noSleep);
    await expect(retry(task, { retries: 2, delayMs: 10, sleep })).rejects.toThrow('3');
    expect(task).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls).toEqual([[10], [20]]);
  });
});
