/**
 * One transaction for the same write wanted by many requests at once, the
 * write-side sibling of BatchedRead (docs/decisions/020): a transaction's round
 * trips and commit cost the server and the database more than its statements,
 * so the members submitted in the same turn of the event loop (or, while another
 * group is being written, within a short window) are written by one run of
 * `write`, in one transaction, with set-based statements. `write` judges the
 * members in arrival order by the rules, over the state it read under the
 * group's locks, which it takes in a fixed order (user ids ascending, then
 * addresses) so that two groups never deadlock each other. A lone request
 * waits no longer than the rest of the current turn.
 *
 * No request can fail another (docs/decisions/010):
 * - a member the rules refuse gets its own error, and the others commit;
 * - a member that `write` finds it must refuse only after writing (a constraint
 *   its statement met, such as an idempotency key credited already) is named in
 *   a `RefusedMembers`: the group is rolled back, that member gets its error, and
 *   the rest are written again without it, so nothing judged after it relied on it;
 * - when the group fails otherwise, each member is written again alone, in
 *   arrival order, so only the member that fails sees the error.
 * Serialization failures and deadlocks of the whole group are retried as every
 * transaction is (`inTransaction`).
 */
import type { Database, Transaction } from './client.ts';
import { DEFAULT_RETRY_POLICY, inTransaction, type RetryPolicy } from './transaction.ts';

/** What `write` answers for one member: its answer, or the error the rules refused it with. */
export type MemberOutcome<Answer> = { ok: true; answer: Answer } | { ok: false; error: unknown };

export const accepted = <Answer>(answer: Answer): MemberOutcome<Answer> => ({ ok: true, answer });
export const refused = (error: unknown): MemberOutcome<never> => ({ ok: false, error });

/**
 * Thrown by `write` to roll the group back and refuse the members it names
 * (by their place in the group) with the errors given; the rest are written again.
 */
export class RefusedMembers extends Error {
  constructor(readonly refusals: ReadonlyMap<number, unknown>) {
    super(`${refusals.size} member(s) of a grouped write refused`);
  }
}

export interface GroupedWriteOptions {
  /**
   * How long, in ms, a group stays open for more members while another group
   * of the same write is in flight; 0 closes every group at the end of the
   * turn. A request that finds no group in flight waits only for the turn.
   */
  windowMs?: number;
  /** The most members in one group, so its statements' arrays and locks stay small. */
  maxMembers?: number;
  retry?: RetryPolicy;
}

export class GroupedWrite<Member, Answer> {
  #queued: Waiting<Member, Answer>[] = [];
  /** Cancels the scheduled close of the open group; null when no group is open. */
  #cancelClose: (() => void) | null = null;
  /** The groups being written, so `close` can wait for them. */
  readonly #writing = new Set<Promise<void>>();
  #closed = false;
  readonly #windowMs: number;
  readonly #maxMembers: number;
  readonly #retry: RetryPolicy;

  /**
   * `write` answers one outcome per member, in the order given, and must touch
   * the database only through `tx` (a retry runs it again whole).
   */
  constructor(
    private readonly db: Pick<Database, 'transaction'>,
    private readonly write: (
      tx: Transaction,
      members: Member[],
    ) => Promise<MemberOutcome<Answer>[]>,
    options: GroupedWriteOptions = {},
  ) {
    this.#windowMs = options.windowMs ?? 0;
    this.#maxMembers = options.maxMembers ?? 100;
    this.#retry = options.retry ?? DEFAULT_RETRY_POLICY;
  }

  submit(member: Member): Promise<Answer> {
    if (this.#closed) return Promise.reject(new Error('the grouped write is closed'));
    return new Promise((resolve, reject) => {
      this.#queued.push({ member, resolve, reject });
      if (this.#queued.length >= this.#maxMembers) this.#closeGroup();
      else if (this.#cancelClose === null) this.#scheduleClose();
    });
  }

  /**
   * Writes the open group now and waits for every group in flight; a member
   * submitted later is refused. The app calls it as it closes, so no member
   * is left waiting on a database that closes after it.
   */
  async close(): Promise<void> {
    this.#closed = true;
    this.#closeGroup();
    await Promise.all(this.#writing);
  }

  #scheduleClose(): void {
    if (this.#windowMs > 0 && this.#writing.size > 0) {
      const timer = setTimeout(() => this.#closeGroup(), this.#windowMs);
      this.#cancelClose = () => clearTimeout(timer);
    } else {
      const immediate = setImmediate(() => this.#closeGroup());
      this.#cancelClose = () => clearImmediate(immediate);
    }
  }

  #closeGroup(): void {
    this.#cancelClose?.();
    this.#cancelClose = null;
    const group = this.#queued;
    this.#queued = [];
    if (group.length === 0) return;
    const writing = this.#writeGroup(group).finally(() => this.#writing.delete(writing));
    this.#writing.add(writing);
  }

  async #writeGroup(group: Waiting<Member, Answer>[]): Promise<void> {
    let members = group;
    while (members.length > 0) {
      let outcomes: MemberOutcome<Answer>[];
      try {
        outcomes = await inTransaction(
          this.db,
          (tx) =>
            this.write(
              tx,
              members.map((waiting) => waiting.member),
            ),
          this.#retry,
        );
        if (outcomes.length !== members.length) {
          throw new Error(`a grouped write answered ${outcomes.length} of ${members.length}`);
        }
      } catch (error) {
        if (isRefusalOf(error, members.length)) {
          members.forEach((waiting, index) => {
            if (error.refusals.has(index)) waiting.reject(error.refusals.get(index));
          });
          members = members.filter((_, index) => !error.refusals.has(index));
          continue;
        }
        const [lone] = members;
        if (members.length === 1 && lone) lone.reject(error);
        // Any one member may have failed the group: each is written alone, in order.
        else for (const waiting of members) await this.#writeGroup([waiting]);
        return;
      }
      outcomes.forEach((outcome, index) => {
        const waiting = members[index] as Waiting<Member, Answer>;
        if (outcome.ok) waiting.resolve(outcome.answer);
        else waiting.reject(outcome.error);
      });
      return;
    }
  }
}

/** A RefusedMembers that names at least one member of a group of `size`, and only those. */
function isRefusalOf(error: unknown, size: number): error is RefusedMembers {
  if (!(error instanceof RefusedMembers) || error.refusals.size === 0) return false;
  return [...error.refusals.keys()].every(
    (index) => Number.isInteger(index) && index >= 0 && index < size,
  );
}

interface Waiting<Member, Answer> {
  member: Member;
  resolve: (answer: Answer) => void;
  reject: (error: unknown) => void;
}
