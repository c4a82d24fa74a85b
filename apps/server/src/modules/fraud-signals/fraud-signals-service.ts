/**
 * Fraud signals for the operator's console (issue 18, docs/decisions/023):
 * accounts that share addresses, referral trees whose accounts share
 * addresses or nodes, and nodes whose results no real link gives. Each signal
 * lists its accounts with one line of evidence per finding, so an admin can
 * judge them and ban them together. The SQL is in fraud-signals-repository.ts;
 * this file turns its rows into what a person reads.
 */
import type { FraudSignal, FraudSignals, FraudWindow } from '@netpulse/shared/admin';
import { IMPLAUSIBLE_MIN_TESTS } from '@netpulse/shared/admin';
import type { Queryable } from '../../db/client.ts';
import {
  accountsByIds,
  implausibleNodeRows,
  referralTieRows,
  sharedAddressRows,
  type ImplausibleNodeRow,
  type ReferralTieRow,
  type SharedAddressRow,
  type SignalWindow,
} from './fraud-signals-repository.ts';

/** At most this many signals of each kind: the busiest first, so the list stays one page to act on. */
export const SIGNALS_PER_KIND = 100;

const WINDOW_MS: Record<FraudWindow, number> = { '24h': 24 * 3600_000, '7d': 7 * 24 * 3600_000 };
const WINDOW_TEXT: Record<FraudWindow, string> = {
  '24h': 'in the last 24 hours',
  '7d': 'in the last 7 days',
};

export interface FraudSignalsOptions {
  window: FraudWindow;
  /** An address is shared when MORE than this many accounts used it. */
  minAccounts: number;
  now: Date;
  /** The server link's measured capacity (env LINK_CEILING_MBPS). */
  linkCeilingMbps: number;
}

type Account = FraudSignal['accounts'][number];

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** Kbit/s as Mbit/s to the kilobit: 93452 -> "93.452". */
const mbps = (kbps: number | string) => (Number(kbps) / 1000).toFixed(3);

/** Signals with an account not banned yet come first; then the ones with more accounts. */
function bySeverity(a: FraudSignal, b: FraudSignal): number {
  const live = (signal: FraudSignal) =>
    signal.accounts.some((account) => !account.banned) ? 1 : 0;
  return live(b) - live(a) || b.accounts.length - a.accounts.length || a.key.localeCompare(b.key);
}

/**
 * Every signal kind over the window ending at `now`, each kind's signals
 * sorted worst first and capped at SIGNALS_PER_KIND. Banned accounts stay
 * listed, flagged, so a bulk ban shows; they leave with the window, since a
 * banned account neither tests nor signs in.
 */
export async function fraudSignals(
  db: Queryable,
  options: FraudSignalsOptions,
): Promise<FraudSignals> {
  const window: SignalWindow = {
    since: new Date(options.now.getTime() - WINDOW_MS[options.window]),
    until: options.now,
  };
  const during = WINDOW_TEXT[options.window];
  const shared = await sharedAddressRows(db, {
    ...window,
    minAccounts: options.minAccounts,
    limit: SIGNALS_PER_KIND,
  });
  const ties = await referralTieRows(db, window);
  const nodes = await implausibleNodeRows(db, {
    ...window,
    minTests: IMPLAUSIBLE_MIN_TESTS,
    ceilingKbps: Math.floor(options.linkCeilingMbps * 1000),
    limit: SIGNALS_PER_KIND,
  });
  return {
    window: options.window,
    signals: [
      ...sharedAddressSignals(shared, during),
      ...(await referralRingSignals(db, ties, during)),
      ...implausibleNodeSignals(nodes, options.linkCeilingMbps, during),
    ],
  };
}

function sharedAddressSignals(rows: SharedAddressRow[], during: string): FraudSignal[] {
  const signals = new Map<string, FraudSignal>();
  for (const row of rows) {
    let signal = signals.get(row.address);
    if (!signal) {
      signal = {
        kind: 'shared-address',
        key: row.address,
        summary: `${row.accounts} accounts tested or signed in from ${row.address} ${during}`,
        accounts: [],
      };
      signals.set(row.address, signal);
    }
    let account = signal.accounts.find((candidate) => candidate.id === row.user_id);
    if (!account) {
      account = { id: row.user_id, username: row.username, banned: row.banned, evidence: [] };
      signal.accounts.push(account);
    }
    account.evidence.push(
      row.how === 'test'
        ? `${plural(row.times, 'test')} from ${row.address}, last ${row.last_at} UTC`
        : row.times === 1
          ? `signed in from ${row.address} at ${row.last_at} UTC`
          : `signed in ${row.times} times from ${row.address}, last ${row.last_at} UTC`,
    );
  }
  // The statement sorted them already; sorting again keeps one rule for every kind.
  return [...signals.values()].sort(bySeverity);
}

interface Member {
  id: number;
  username: string;
  banned: boolean;
  referrerId: number | null;
}

/** Accounts joined by referral ties, as a union-find over user ids. */
class Components {
  private readonly parent = new Map<number, number>();
  find(id: number): number {
    let root = this.parent.get(id) ?? id;
    if (root === id) return id;
    root = this.find(root);
    this.parent.set(id, root);
    return root;
  }
  join(a: number, b: number): void {
    const rootA = this.find(a);
    const rootB = this.find(b);
    if (rootA !== rootB) this.parent.set(rootB, rootA);
  }
}

/**
 * Referral rings: each tie joins its referral family (the referrer and every
 * account it referred that took part in a tie); families that share an
 * account join into one tree, so a chain a -> b -> c -> d on one address is
 * one signal, keyed by the account at its top (the one whose own referrer is
 * not in it).
 */
async function referralRingSignals(
  db: Queryable,
  rows: ReferralTieRow[],
  during: string,
): Promise<FraudSignal[]> {
  if (rows.length === 0) return [];
  const members = new Map<number, Member>();
  const tiesByKey = new Map<string, ReferralTieRow[]>();
  const components = new Components();
  for (const row of rows) {
    members.set(row.user_id, {
      id: row.user_id,
      username: row.username,
      banned: row.banned,
      referrerId: row.referred_by_user_id,
    });
    const key = `${row.family_id}\u0000${row.tie}\u0000${row.tie_key}`;
    tiesByKey.set(key, [...(tiesByKey.get(key) ?? []), row]);
    components.join(row.family_id, row.user_id);
  }
  // A referrer whose referees share with each other but not with it is still the family's head.
  const missing = [...new Set(rows.map((row) => row.family_id))].filter((id) => !members.has(id));
  for (const account of await accountsByIds(db, missing)) {
    members.set(account.id, {
      id: account.id,
      username: account.username,
      banned: account.banned,
      referrerId: account.referred_by_user_id,
    });
  }

  const relation = (of: Member, other: Member) =>
    other.id === of.referrerId
      ? `${other.username} (their referrer)`
      : other.referrerId === of.id
        ? `${other.username} (their referee)`
        : `${other.username} (referred by ${members.get(other.referrerId ?? -1)?.username ?? 'the same referrer'})`;

  // Evidence per account and tie, merged across the families a tie shows in.
  const evidence = new Map<number, Map<string, { others: Set<number>; row: ReferralTieRow }>>();
  for (const tie of tiesByKey.values()) {
    for (const row of tie) {
      const byTie = evidence.get(row.user_id) ?? new Map();
      evidence.set(row.user_id, byTie);
      const entry = byTie.get(`${row.tie}\u0000${row.tie_key}`) ?? { others: new Set(), row };
      byTie.set(`${row.tie}\u0000${row.tie_key}`, entry);
      for (const other of tie) if (other.user_id !== row.user_id) entry.others.add(other.user_id);
      if (row.last_at > entry.row.last_at) entry.row = row;
    }
  }
  const linesOf = (member: Member, inTree: Set<number>): string[] => {
    const lines: string[] = [];
    for (const { others, row } of evidence.get(member.id)?.values() ?? []) {
      const named = [...others].map((id) => members.get(id)).filter((other) => other !== undefined);
      const whom = named.map((other) => relation(member, other)).join(', ');
      if (row.tie === 'address') {
        lines.push(`shares ${row.tie_key} with ${whom}, last ${row.last_at} UTC`);
      } else if (row.node_role === 'tried') {
        lines.push(
          `tried to register node ${row.tie_key}, which belongs to ${whom}, at ${row.last_at} UTC`,
        );
      } else {
        lines.push(
          `owns node ${row.tie_key}, which ${whom} tried to register, last ${row.last_at} UTC`,
        );
      }
    }
    const referees = [...inTree]
      .map((id) => members.get(id))
      .filter((other) => other?.referrerId === member.id)
      .map((other) => other?.username);
    if (referees.length > 0) lines.push(`referred ${referees.sort().join(', ')}`);
    return lines;
  };

  const trees = new Map<number, Set<number>>();
  for (const id of members.keys()) {
    const root = components.find(id);
    trees.set(root, (trees.get(root) ?? new Set()).add(id));
  }
  const signals: FraudSignal[] = [];
  for (const inTree of trees.values()) {
    const tree = [...inTree].map((id) => members.get(id)).filter((member) => !!member);
    const top =
      tree.find((member) => member.referrerId === null || !inTree.has(member.referrerId)) ??
      tree[0];
    if (!top) continue;
    const ordered = [top, ...tree.filter((member) => member !== top).sort(byUsername)];
    const tieCount = (kind: 'address' | 'node') =>
      new Set(
        rows.filter((row) => row.tie === kind && inTree.has(row.user_id)).map((row) => row.tie_key),
      ).size;
    const addresses = tieCount('address');
    const nodes = tieCount('node');
    const shared = [
      addresses > 0 ? plural(addresses, 'address', 'addresses') : '',
      nodes > 0 ? plural(nodes, 'node') : '',
    ].filter(Boolean);
    signals.push({
      kind: 'referral-ring',
      key: top.username,
      summary: `${tree.length} accounts of ${top.username}'s referral tree share ${shared.join(' and ')} ${during}`,
      accounts: ordered.map((member): Account => ({
        id: member.id,
        username: member.username,
        banned: member.banned,
        evidence: linesOf(member, inTree),
      })),
    });
  }
  return signals.sort(bySeverity).slice(0, SIGNALS_PER_KIND);
}

const byUsername = (a: { username: string }, b: { username: string }) =>
  a.username.localeCompare(b.username);

function implausibleNodeSignals(
  rows: ImplausibleNodeRow[],
  ceilingMbps: number,
  during: string,
): FraudSignal[] {
  const signals = new Map<string, FraudSignal>();
  for (const row of rows) {
    let signal = signals.get(row.node_id);
    if (!signal) {
      signal = {
        kind: 'implausible-node',
        key: row.node_id,
        summary: `Node "${row.node_name}" of ${row.username}: results no real link gives ${during}`,
        accounts: [{ id: row.user_id, username: row.username, banned: row.banned, evidence: [] }],
      };
      signals.set(row.node_id, signal);
    }
    signal.accounts[0]?.evidence.push(
      row.finding === 'identical'
        ? `${row.tests} tests at exactly ${mbps(row.download_kbps)} Mbit/s down, ${mbps(row.upload_kbps)} up, last ${row.last_at} UTC`
        : `${plural(row.tests, 'test')} above the ${ceilingMbps} Mbit/s ceiling, up to ${mbps(row.download_kbps)} Mbit/s down and ${mbps(row.upload_kbps)} up, last ${row.last_at} UTC`,
    );
  }
  return [...signals.values()].sort(bySeverity);
}
