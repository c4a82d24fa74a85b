import { QueryObserver } from '@tanstack/react-query';
import { testQueryClient } from '@testing/render-in-app';
import { describe, expect, it } from 'vitest';
import { refreshReads } from './refresh-reads';

const PROFILE = ['profile'];

/** A read whose answers the test releases one by one: what the server held when it was read. */
function heldReads() {
  const releases: ((answer: string) => void)[] = [];
  return {
    read: () => new Promise<string>((resolve) => releases.push(resolve)),
    requests: () => releases.length,
    answer: (index: number, value: string) => releases[index]!(value),
  };
}

describe('refreshReads', () => {
  it('reads again a query whose first fetch was in flight during the write', async () => {
    const client = testQueryClient();
    const reads = heldReads();
    const observer = new QueryObserver(client, { queryKey: PROFILE, queryFn: reads.read });
    const unsubscribe = observer.subscribe(() => {});
    expect(reads.requests()).toBe(1);

    // The write succeeded while the first read, sent before it, is still out.
    const refreshed = refreshReads(client, [PROFILE]);
    reads.answer(0, 'before the write');
    await expect.poll(() => reads.requests()).toBe(2);
    reads.answer(1, 'after the write');
    await refreshed;

    expect(client.getQueryData(PROFILE)).toBe('after the write');
    unsubscribe();
  });

  it('reads a query on screen once, as invalidating does, when it already had data', async () => {
    const client = testQueryClient();
    let requests = 0;
    const observer = new QueryObserver(client, {
      queryKey: PROFILE,
      queryFn: async () => `answer ${++requests}`,
    });
    const unsubscribe = observer.subscribe(() => {});
    await expect.poll(() => client.getQueryData(PROFILE)).toBe('answer 1');

    await refreshReads(client, [PROFILE]);

    expect(requests).toBe(2);
    expect(client.getQueryData(PROFILE)).toBe('answer 2');
    unsubscribe();
  });
});
