/**
 * The app's write groups (docs/decisions/020) are made once, as the app starts,
 * decorated on the app, and closed with it: a claim submitted once the app has
 * closed is refused rather than left waiting on a database that closes next.
 */
import { describe, expect, it } from 'vitest';
import { GroupedWrite } from '../../src/db/grouped-write.ts';
import { createTestApp } from '../helpers/test-app.ts';

describe('the write groups', () => {
  it('are made at start-up, decorated on the app, and closed with it', async () => {
    const t = await createTestApp();
    let closed = false;
    try {
      expect(t.app.dailyClaims).toBeInstanceOf(GroupedWrite);
      expect(t.app.completions).toBeInstanceOf(GroupedWrite);
      const { dailyClaims } = t.app;
      await t.close();
      closed = true;
      await expect(dailyClaims.submit({ userId: 1, at: new Date() })).rejects.toThrow(
        'the grouped write is closed',
      );
    } finally {
      if (!closed) await t.close();
    }
  });
});
