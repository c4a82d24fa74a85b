import { describe, expect, it } from 'vitest';
import type { Database, Transaction } from './client.ts';
import {
  accepted,
  GroupedWrite,
  refused,
  RefusedMembers,
  type GroupedWriteOptions,
  type MemberOutcome,
} from './grouped-write.ts';
import { SERIALIZATION_FAILURE } from './transaction.ts';

/** A database whose transactions only count; the writes below keep their own record. */
const database = {
  transaction: (work: (tx: Transaction) => Promise<unknown>) => work({} as Transaction),
} as unknown as Pick<Database, 'transaction'>;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A write of numbers that answers each member doubled, refuses odd members by
 * the rules, fails the whole group when a negative member is in it, and refuses
 * after writing (RefusedMembers) the members equal to 13.
 */
function doublingWrite(options: GroupedWriteOptions = {}) {
  const groups: number[][] = [];
  const write = new GroupedWrite<number, number>(
    database,
    async (_tx, members) => {
      groups.push(members);
      if (members.some((member) => member < 0)) throw new Error(`cannot write ${members}`);
      const afterWriting = new Map(
        members.flatMap((member, index) => (member === 13 ? [[index, new Error('13')]] : [])),
      );
      if (afterWriting.size > 0) throw new RefusedMembers(afterWriting);
      return members.map((member): MemberOutcome<number> =>
        member % 2 === 1 ? refused(new Error(`odd ${member}`)) : accepted(member * 2),
      );
    },
    options,
  );
  return { write, groups };
}

const statusesOf = (answers: PromiseSettledResult<number>[]) =>
  answers.map((answer) => (answer.status === 'fulfilled' ? answer.value : String(answer.reason)));

describe('GroupedWrite', () => {
  it('writes the members of one turn in one group and answers each its own result', async () => {
    const { write, groups } = doublingWrite();
    await expect(Promise.all([2, 4, 6].map((member) => write.submit(member)))).resolves.toEqual([
      4, 8, 12,
    ]);
    expect(groups).toEqual([[2, 4, 6]]);
  });

  it('answers a member the rules refuse with its error and the others with theirs, in one group', async () => {
    const { write, groups } = doublingWrite();
    const answers = await Promise.allSettled([2, 3, 4].map((member) => write.submit(member)));
    expect(statusesOf(answers)).toEqual([4, 'Error: odd 3', 8]);
    expect(groups).toEqual([[2, 3, 4]]);
  });

  it('refuses a member refused after writing, and writes the rest again without it', async () => {
    const { write, groups } = doublingWrite();
    const answers = await Promise.allSettled([2, 13, 4].map((member) => write.submit(member)));
    expect(statusesOf(answers)).toEqual([4, 'Error: 13', 8]);
    expect(groups).toEqual([
      [2, 13, 4],
      [2, 4],
    ]);
  });

  it('writes each member alone, in arrival order, when the group fails, and fails only the one', async () => {
    const { write, groups } = doublingWrite();
    const answers = await Promise.allSettled([2, -1, 4].map((member) => write.submit(member)));
    expect(statusesOf(answers)).toEqual([4, 'Error: cannot write -1', 8]);
    expect(groups).toEqual([[2, -1, 4], [2], [-1], [4]]);
  });

  it('fails a lone member once, without writing it again', async () => {
    const { write, groups } = doublingWrite();
    await expect(write.submit(-5)).rejects.toThrow('cannot write -5');
    expect(groups).toEqual([[-5]]);
  });

  it('writes a lone request at the end of its turn, even with a window', async () => {
    const { write, groups } = doublingWrite({ windowMs: 5_000 });
    const answer = write.submit(2);
    await nextTurn();
    expect(groups).toEqual([[2]]);
    await expect(answer).resolves.toBe(4);
  });

  it('keeps a group open for its window while another group is in flight', async () => {
    let releaseFirst = () => {};
    const groups: number[][] = [];
    const write = new GroupedWrite<number, number>(
      database,
      async (_tx, members) => {
        groups.push(members);
        if (groups.length === 1) await new Promise<void>((resolve) => (releaseFirst = resolve));
        return members.map((member) => accepted(member));
      },
      { windowMs: 20 },
    );
    const first = write.submit(1);
    await nextTurn(); // the first group is in flight
    const later = [write.submit(2)];
    await nextTurn();
    later.push(write.submit(3)); // a later turn, within the window
    await new Promise((resolve) => setTimeout(resolve, 40));
    releaseFirst();
    await expect(Promise.all([first, ...later])).resolves.toEqual([1, 2, 3]);
    expect(groups).toEqual([[1], [2, 3]]);
  });

  it('writes the open group when closed, waits for it, and refuses members after', async () => {
    let releaseWrite = () => {};
    const groups: number[][] = [];
    const write = new GroupedWrite<number, number>(database, async (_tx, members) => {
      groups.push(members);
      await new Promise<void>((resolve) => (releaseWrite = resolve));
      return members.map((member) => accepted(member));
    });
    const answers = [write.submit(1), write.submit(2)];
    let closed = false;
    const closing = write.close().then(() => (closed = true));
    expect(groups).toEqual([[1, 2]]); // written at once, not at the end of the turn
    await nextTurn();
    expect(closed).toBe(false); // the group is still in flight
    releaseWrite();
    await closing;
    await expect(Promise.all(answers)).resolves.toEqual([1, 2]);
    await expect(write.submit(3)).rejects.toThrow('closed');
    expect(groups).toEqual([[1, 2]]);
  });

  it('puts at most maxMembers in one group', async () => {
    const { write, groups } = doublingWrite({ maxMembers: 2 });
    await expect(
      Promise.all([2, 4, 6, 8, 10].map((member) => write.submit(member))),
    ).resolves.toEqual([4, 8, 12, 16, 20]);
    expect(groups).toEqual([[2, 4], [6, 8], [10]]);
  });

  it('retries the whole group after a serialization failure', async () => {
    const groups: number[][] = [];
    const write = new GroupedWrite<number, number>(
      database,
      async (_tx, members) => {
        groups.push(members);
        if (groups.length === 1)
          throw Object.assign(new Error('40001'), { code: SERIALIZATION_FAILURE });
        return members.map((member) => accepted(member));
      },
      { retry: { attempts: 3, maxPauseMs: 1 } },
    );
    await expect(Promise.all([1, 2].map((member) => write.submit(member)))).resolves.toEqual([
      1, 2,
    ]);
    expect(groups).toEqual([
      [1, 2],
      [1, 2],
    ]);
  });

  it('writes each member alone when the group answers the wrong number of outcomes', async () => {
    const groups: number[][] = [];
    const write = new GroupedWrite<number, number>(database, async (_tx, members) => {
      groups.push(members);
      return members.length > 1 ? [accepted(0)] : members.map((member) => accepted(member));
    });
    await expect(Promise.all([7, 8].map((member) => write.submit(member)))).resolves.toEqual([
      7, 8,
    ]);
    expect(groups).toEqual([[7, 8], [7], [8]]);
  });
});
