/**
 * Login throttling that cannot be turned against the owner (docs/decisions/011
 * and, for the count per account, 028). Failed passwords count three times:
 *
 * - per name and address: a few failures refuse that name from that address for
 *   a while, which stops guessing from one place and locks out nobody else;
 * - per name, from every address: many more failures (guessing spread over many
 *   addresses) refuse the name from addresses it never logged in from, while an
 *   address it did log in from still gets in;
 * - per account, whatever name was typed: guesses that alternate the account's
 *   email and username count together, and past the same limit an address the
 *   account never logged in from is refused silently: its password, right or
 *   wrong, is answered as a wrong one (and counts as a failure).
 *
 * A name is what was typed (an email or a username, in lower case), whether or
 * not an account has it, and the refusals that answers show (429) count names
 * only: they cannot tell that an email and a username are one account, nor
 * whether a name exists. The account-wide count is why it must stay silent: a 429
 * for the email after failures of the username would link the two. A name no
 * account has is its own "account", so it is counted, read and refused by the
 * same steps. The owner's password reset starts every count of the account anew
 * (a new generation), so the owner is never left locked out. A sign-in that types
 * no name (a passkey's) has a fourth count, per address alone: it names no account
 * to lock, so its failures can only refuse the address that made them. The counts
 * sit behind a small store: in memory for one server, in Redis (REDIS_URL) when
 * several servers share them.
 */
import type { Clock } from '../../lib/clock.ts';
import type { Redis } from '../../lib/redis.ts';

export interface AttemptWindow {
  failures: number;
  /** When the window that the failures count in ends (epoch ms). */
  endsAt: number;
}

export interface AttemptStore {
  get(key: string): Promise<AttemptWindow | undefined>;
  /**
   * Counts one failure, atomically (two servers failing at once count two); the
   * first failure opens a window of `windowMs`, later ones count in it.
   */
  addFailure(key: string, windowMs: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Remembers `key` for `lifetimeMs`. */
  mark(key: string, lifetimeMs: number): Promise<void>;
  isMarked(key: string): Promise<boolean>;
  /** A counter that only grows, 0 until first advanced. */
  generation(key: string): Promise<number>;
  advanceGeneration(key: string): Promise<void>;
}

const SWEEP_INTERVAL_MS = 60_000;

export class InMemoryAttemptStore implements AttemptStore {
  private readonly windows = new Map<string, AttemptWindow>();
  /** Only a password reset adds one, so these stay as few as the resets. */
  private readonly generations = new Map<string, number>();
  private lastSweep = 0;

  constructor(private readonly clock: Clock) {}

  async get(key: string) {
    const window = this.windows.get(key);
    if (window && window.endsAt <= this.clock.now().getTime()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }
  async addFailure(key: string, windowMs: number) {
    this.sweep();
    const window = await this.get(key);
    const endsAt = window?.endsAt ?? this.clock.now().getTime() + windowMs;
    this.windows.set(key, { failures: (window?.failures ?? 0) + 1, endsAt });
  }
  async delete(key: string) {
    this.windows.delete(key);
  }
  async mark(key: string, lifetimeMs: number) {
    this.sweep();
    this.windows.set(key, { failures: 0, endsAt: this.clock.now().getTime() + lifetimeMs });
  }
  async isMarked(key: string) {
    return (await this.get(key)) !== undefined;
  }
  async generation(key: string) {
    return this.generations.get(key) ?? 0;
  }
  async advanceGeneration(key: string) {
    this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
  }

  /** Drops ended windows now and then, so guessed names cannot grow the map without end. */
  private sweep(): void {
    const now = this.clock.now().getTime();
    if (now - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) {
      if (window.endsAt <= now) this.windows.delete(key);
    }
  }
}

/** Increments the count and, on the first failure, starts the window's expiry: one atomic step. */
const ADD_FAILURE = `
local failures = redis.call('INCR', KEYS[1])
if failures == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return failures`;

/**
 * The counts in Redis, one key per count that expires with its window, so
 * every server sees the same failures. Redis keeps the time of the window.
 */
export class RedisAttemptStore implements AttemptStore {
  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
    private readonly prefix = 'netpulse:login-failures:',
  ) {}

  async get(key: string) {
    const [failures, ttlMs] = await Promise.all([
      this.redis.get(this.prefix + key),
      this.redis.pttl(this.prefix + key),
    ]);
    if (failures === null || ttlMs <= 0) return undefined;
    return { failures: Number(failures), endsAt: this.clock.now().getTime() + ttlMs };
  }
  async addFailure(key: string, windowMs: number) {
    await this.redis.eval(ADD_FAILURE, 1, this.prefix + key, String(windowMs));
  }
  async delete(key: string) {
    await this.redis.del(this.prefix + key);
  }
  async mark(key: string, lifetimeMs: number) {
    await this.redis.set(this.prefix + key, '0', 'PX', lifetimeMs);
  }
  async isMarked(key: string) {
    return (await this.redis.exists(this.prefix + key)) === 1;
  }
  async generation(key: string) {
    return Number((await this.redis.get(this.prefix + key)) ?? 0);
  }
  async advanceGeneration(key: string) {
    await this.redis.incr(this.prefix + key);
  }
}

/** The attempt counts of this app: in Redis when several servers share them, else in memory. */
export interface LoginThrottlePolicy {
  /** Failures of one name from one address before it is refused there... */
  addressFailureLimit: number;
  /** ...for the rest of this window. */
  addressFailureWindowMs: number;
  /**
   * Failures of one name from every address before new addresses are refused, and
   * of one account whatever name was typed before new addresses fail silently...
   */
  nameFailureLimit: number;
  /** ...for the rest of this window. */
  nameFailureWindowMs: number;
  /** How long an address a name logged in from stays exempt from the name's limit. */
  knownAddressLifetimeMs: number;
  /**
   * Failed sign-ins that type no name (a passkey's) from one address before that address
   * is refused them for the rest of `addressFailureWindowMs`.
   */
  namelessFailureLimit: number;
}

/** Who a login tried to be: the name typed, and the id of the account it names, if any. */
export interface LoginAttempt {
  typedName: string;
  accountId: number | undefined;
}

/** The name as throttled: what was typed, in lower case. */
const nameOf = (typed: string) => typed.trim().toLowerCase();

export class LoginAttemptLimiter {
  constructor(
    private readonly store: AttemptStore,
    private readonly clock: Clock,
    private readonly policy: LoginThrottlePolicy,
  ) {}

  /**
   * Milliseconds until `typedName` may try again from `address`, or 0 when it
   * may try now. The same reads whether or not an account has the name.
   */
  async refusedFor(typedName: string, address: string): Promise<number> {
    const keys = await this.nameKeysOf(nameOf(typedName), address);
    const fromAddress = await this.store.get(keys.fromAddress);
    if (fromAddress && fromAddress.failures >= this.policy.addressFailureLimit) {
      return this.remainingMs(fromAddress);
    }
    const fromAnywhere = await this.store.get(keys.fromAnywhere);
    if (!fromAnywhere || fromAnywhere.failures < this.policy.nameFailureLimit) return 0;
    if (await this.store.isMarked(keys.knownAddress)) return 0;
    return this.remainingMs(fromAnywhere);
  }

  /**
   * True when the account's failures, whatever names they typed, reached the
   * limit and `address` never logged in by the typed name: the caller then
   * answers as to a wrong password, whatever the password. The same reads for a
   * name no account has (its own count, which refusedFor has refused before it
   * gets here).
   */
  async accountRefuses(attempt: LoginAttempt, address: string): Promise<boolean> {
    const name = nameOf(attempt.typedName);
    const account = await this.store.get(await this.accountKeyOf(name, attempt.accountId));
    if (!account || account.failures < this.policy.nameFailureLimit) return false;
    return !(await this.store.isMarked(knownAddressKey(name, address)));
  }

  async recordFailure(attempt: LoginAttempt, address: string): Promise<void> {
    const name = nameOf(attempt.typedName);
    const keys = await this.nameKeysOf(name, address);
    const accountKey = await this.accountKeyOf(name, attempt.accountId);
    await Promise.all([
      this.store.addFailure(keys.fromAddress, this.policy.addressFailureWindowMs),
      this.store.addFailure(keys.fromAnywhere, this.policy.nameFailureWindowMs),
      this.store.addFailure(accountKey, this.policy.nameFailureWindowMs),
    ]);
  }

  /**
   * A successful login forgets the failures of the name typed from this address,
   * and remembers the address for every name of the account (`accountNames`).
   */
  async recordSuccess(typedName: string, accountNames: string[], address: string): Promise<void> {
    const typed = await this.nameKeysOf(nameOf(typedName), address);
    await this.store.delete(typed.fromAddress);
    for (const name of accountNames) {
      await this.store.mark(
        knownAddressKey(nameOf(name), address),
        this.policy.knownAddressLifetimeMs,
      );
    }
  }

  /**
   * Milliseconds until `address` may try a sign-in that types no name (a passkey's)
   * again, or 0 when it may try now.
   */
  async namelessRefusedFor(address: string): Promise<number> {
    const window = await this.store.get(namelessKey(address));
    if (!window || window.failures < this.policy.namelessFailureLimit) return 0;
    return this.remainingMs(window);
  }

  /** Counts a failed sign-in that typed no name against the address it came from. */
  async recordNamelessFailure(address: string): Promise<void> {
    await this.store.addFailure(namelessKey(address), this.policy.addressFailureWindowMs);
  }

  /** The owner's password reset: every count of the account and of its names starts anew. */
  async clear(account: { id: number; names: string[] }): Promise<void> {
    await Promise.all([
      this.store.advanceGeneration(accountGenerationKey(account.id)),
      ...account.names.map((name) => this.store.advanceGeneration(nameGenerationKey(nameOf(name)))),
    ]);
  }

  private async nameKeysOf(name: string, address: string) {
    const generation = await this.store.generation(nameGenerationKey(name));
    return {
      fromAddress: `name-address:${generation}:${name}:${address}`,
      fromAnywhere: `name:${generation}:${name}`,
      knownAddress: knownAddressKey(name, address),
    };
  }

  /** The account's count; for a name no account has, a count of its own, kept alike. */
  private async accountKeyOf(name: string, accountId: number | undefined): Promise<string> {
    if (accountId === undefined) {
      const generation = await this.store.generation(nameGenerationKey(name));
      return `account-name:${generation}:${name}`;
    }
    const generation = await this.store.generation(accountGenerationKey(accountId));
    return `account:${generation}:${accountId}`;
  }

  private remainingMs(window: AttemptWindow): number {
    return Math.max(0, window.endsAt - this.clock.now().getTime());
  }
}

const nameGenerationKey = (name: string) => `generation:${name}`;
const accountGenerationKey = (accountId: number) => `account-generation:${accountId}`;
const knownAddressKey = (name: string, address: string) => `known:${name}:${address}`;
const namelessKey = (address: string) => `nameless-address:${address}`;
