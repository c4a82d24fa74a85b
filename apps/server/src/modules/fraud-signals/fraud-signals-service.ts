/**
 * Fraud signals for the operator's console (issue 18, docs/decisions/023):
 * accounts that share addresses, referral trees whose accounts share
 * addresses or nodes, and nodes whose results no real link gives. Each signal
 * lists its accounts with one line of evidence per finding, so an admin can
 * judge them and ban them together. The SQL is in fraud-signals-repository.ts;
 * this file turns its rows into what a person reads.
 */
import { DEFAULT_LOCALE, defineMessages, type CatalogLocale } from '@netpulse/i18n';
import type { FraudSignal, FraudSignals, FraudWindow } from '@netpulse/shared/admin';
import { IMPLAUSIBLE_MIN_TESTS } from '@netpulse/shared/admin';
import type { Queryable } from '../../db/client.ts';
import { formatNames, translate } from '../../lib/server-intl.ts';
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
/** The `{window, select, ...}` value of each window: the words of the window are in each message. */
const WINDOW_SELECT: Record<FraudWindow, string> = { '24h': 'day', '7d': 'week' };

/**
 * What a person reads of a signal, in the request's language. Usernames, addresses, node ids
 * and names, times (`YYYY-MM-DD HH:mm`, UTC) and figures are data: placeholders.
 */
const TEXTS = defineMessages({
  sharedAddressSummary: {
    id: 'fraudSignals.sharedAddressSummary',
    defaultMessage:
      '{accounts, plural, one {# account} other {# accounts}} tested or signed in from {address} {window, select, day {in the last 24 hours} other {in the last 7 days}}',
    description:
      'A shared-address signal. {address} is an IP address; {window} is the period looked at.',
  },
  sharedAddressTests: {
    id: 'fraudSignals.sharedAddressTests',
    defaultMessage: '{tests, plural, one {# test} other {# tests}} from {address}, last {time} UTC',
    description:
      'Evidence line: speed tests an account ran from an IP address. {time} is YYYY-MM-DD HH:mm.',
  },
  sharedAddressSignIns: {
    id: 'fraudSignals.sharedAddressSignIns',
    defaultMessage:
      '{times, plural, =1 {signed in from {address} at {time} UTC} other {signed in # times from {address}, last {time} UTC}}',
    description:
      'Evidence line: an account signed in from an IP address. {time} is YYYY-MM-DD HH:mm.',
  },
  theirReferrer: {
    id: 'fraudSignals.theirReferrer',
    defaultMessage: '{username} (their referrer)',
    description: 'In a list of accounts: the account that referred the one the line is about.',
  },
  theirReferee: {
    id: 'fraudSignals.theirReferee',
    defaultMessage: '{username} (their referee)',
    description: 'In a list of accounts: an account the one the line is about referred.',
  },
  referredBy: {
    id: 'fraudSignals.referredBy',
    defaultMessage: '{username} (referred by {referrer})',
    description: 'In a list of accounts: an account and the account that referred it.',
  },
  referredBySameReferrer: {
    id: 'fraudSignals.referredBySameReferrer',
    defaultMessage: '{username} (referred by the same referrer)',
    description:
      'In a list of accounts: an account with the same referrer as the one the line is about.',
  },
  sharesAddress: {
    id: 'fraudSignals.sharesAddress',
    defaultMessage: 'shares {address} with {names}, last {time} UTC',
    description:
      'Evidence line. {names} is a list of accounts with their relation; {time} is YYYY-MM-DD HH:mm.',
  },
  triedNode: {
    id: 'fraudSignals.triedNode',
    defaultMessage: 'tried to register node {node}, which belongs to {names}, at {time} UTC',
    description:
      'Evidence line. {node} is a node id; {names} is a list of accounts with their relation.',
  },
  ownsNode: {
    id: 'fraudSignals.ownsNode',
    defaultMessage: 'owns node {node}, which {names} tried to register, last {time} UTC',
    description:
      'Evidence line. {node} is a node id; {names} is a list of accounts with their relation.',
  },
  referred: {
    id: 'fraudSignals.referred',
    defaultMessage: 'referred {names}',
    description:
      'Evidence line: the accounts of the tree this account referred ({names} is a list of usernames).',
  },
  ringSummaryAddresses: {
    id: 'fraudSignals.ringSummaryAddresses',
    defaultMessage:
      "{accounts, plural, one {# account} other {# accounts}} of {username}'s referral tree share {addresses, plural, one {# address} other {# addresses}} {window, select, day {in the last 24 hours} other {in the last 7 days}}",
    description: 'A referral-ring signal: accounts of one referral tree share IP addresses.',
  },
  ringSummaryNodes: {
    id: 'fraudSignals.ringSummaryNodes',
    defaultMessage:
      "{accounts, plural, one {# account} other {# accounts}} of {username}'s referral tree share {nodes, plural, one {# node} other {# nodes}} {window, select, day {in the last 24 hours} other {in the last 7 days}}",
    description: 'A referral-ring signal: accounts of one referral tree share nodes.',
  },
  ringSummaryAddressesAndNodes: {
    id: 'fraudSignals.ringSummaryAddressesAndNodes',
    defaultMessage:
      "{accounts, plural, one {# account} other {# accounts}} of {username}'s referral tree share {addresses, plural, one {# address} other {# addresses}} and {nodes, plural, one {# node} other {# nodes}} {window, select, day {in the last 24 hours} other {in the last 7 days}}",
    description:
      'A referral-ring signal: accounts of one referral tree share IP addresses and nodes.',
  },
  implausibleSummary: {
    id: 'fraudSignals.implausibleSummary',
    defaultMessage:
      'Node "{node}" of {username}: results no real link gives {window, select, day {in the last 24 hours} other {in the last 7 days}}',
    description: 'An implausible-node signal. {node} is the node name.',
  },
  implausibleIdentical: {
    id: 'fraudSignals.implausibleIdentical',
    defaultMessage:
      '{tests, plural, one {# test} other {# tests}} at exactly {down} Mbit/s down, {up} up, last {time} UTC',
    description:
      'Evidence line: identical speed test results. {down} and {up} are speeds in Mbit/s, e.g. 93.452.',
  },
  implausibleAboveCeiling: {
    id: 'fraudSignals.implausibleAboveCeiling',
    defaultMessage:
      '{tests, plural, one {# test} other {# tests}} above the {ceiling} Mbit/s ceiling, up to {down} Mbit/s down and {up} up, last {time} UTC',
    description:
      "Evidence line: speed tests faster than the server's link. {ceiling}, {down}, {up} are in Mbit/s.",
  },
});

export interface FraudSignalsOptions {
  window: FraudWindow;
  /** An address is shared when MORE than this many accounts used it. */
  minAccounts: number;
  now: Date;
  /** The server link's measured capacity (env LINK_CEILING_MBPS). */
  linkCeilingMbps: number;
  /** The language the texts are in: the request's answer language. */
  locale?: CatalogLocale;
}

type Account = FraudSignal['accounts'][number];

/** One signal kind's texts: a message of TEXTS with its values, in the request's language. */
interface Say {
  (descriptor: (typeof TEXTS)[keyof typeof TEXTS], values: Record<string, string | number>): string;
  list(items: string[]): string;
  /** The `{window, select, ...}` value. */
  window: string;
}

function sayIn(locale: CatalogLocale, window: FraudWindow): Say {
  const say = (
    descriptor: (typeof TEXTS)[keyof typeof TEXTS],
    values: Record<string, string | number>,
  ) => translate(locale, descriptor, values);
  return Object.assign(say, {
    list: (items: string[]) => formatNames(locale, items),
    window: WINDOW_SELECT[window],
  });
}

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
  const say = sayIn(options.locale ?? DEFAULT_LOCALE, options.window);
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
      ...sharedAddressSignals(shared, say),
      ...(await referralRingSignals(db, ties, say)),
      ...implausibleNodeSignals(nodes, options.linkCeilingMbps, say),
    ],
  };
}

function sharedAddressSignals(rows: SharedAddressRow[], say: Say): FraudSignal[] {
  const signals = new Map<string, FraudSignal>();
  for (const row of rows) {
    let signal = signals.get(row.address);
    if (!signal) {
      signal = {
        kind: 'shared-address',
        key: row.address,
        summary: say(TEXTS.sharedAddressSummary, {
          accounts: Number(row.accounts),
          address: row.address,
          window: say.window,
        }),
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
      say(row.how === 'test' ? TEXTS.sharedAddressTests : TEXTS.sharedAddressSignIns, {
        tests: Number(row.times),
        times: Number(row.times),
        address: row.address,
        time: row.last_at,
      }),
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
  say: Say,
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

  const relation = (of: Member, other: Member) => {
    const username = other.username;
    if (other.id === of.referrerId) return say(TEXTS.theirReferrer, { username });
    if (other.referrerId === of.id) return say(TEXTS.theirReferee, { username });
    const referrer = members.get(other.referrerId ?? -1)?.username;
    return referrer === undefined
      ? say(TEXTS.referredBySameReferrer, { username })
      : say(TEXTS.referredBy, { username, referrer });
  };

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
      const names = say.list(named.map((other) => relation(member, other)));
      if (row.tie === 'address') {
        lines.push(say(TEXTS.sharesAddress, { address: row.tie_key, names, time: row.last_at }));
      } else {
        const descriptor = row.node_role === 'tried' ? TEXTS.triedNode : TEXTS.ownsNode;
        lines.push(say(descriptor, { node: row.tie_key, names, time: row.last_at }));
      }
    }
    const referees = [...inTree]
      .map((id) => members.get(id))
      .filter((other) => other?.referrerId === member.id)
      .map((other) => other?.username ?? '');
    if (referees.length > 0) lines.push(say(TEXTS.referred, { names: say.list(referees.sort()) }));
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
    const summary =
      nodes === 0
        ? TEXTS.ringSummaryAddresses
        : addresses === 0
          ? TEXTS.ringSummaryNodes
          : TEXTS.ringSummaryAddressesAndNodes;
    signals.push({
      kind: 'referral-ring',
      key: top.username,
      summary: say(summary, {
        accounts: tree.length,
        username: top.username,
        addresses,
        nodes,
        window: say.window,
      }),
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
  say: Say,
): FraudSignal[] {
  const signals = new Map<string, FraudSignal>();
  for (const row of rows) {
    let signal = signals.get(row.node_id);
    if (!signal) {
      signal = {
        kind: 'implausible-node',
        key: row.node_id,
        summary: say(TEXTS.implausibleSummary, {
          node: row.node_name,
          username: row.username,
          window: say.window,
        }),
        accounts: [{ id: row.user_id, username: row.username, banned: row.banned, evidence: [] }],
      };
      signals.set(row.node_id, signal);
    }
    signal.accounts[0]?.evidence.push(
      say(
        row.finding === 'identical' ? TEXTS.implausibleIdentical : TEXTS.implausibleAboveCeiling,
        {
          tests: Number(row.tests),
          ceiling: String(ceilingMbps),
          down: mbps(row.download_kbps),
          up: mbps(row.upload_kbps),
          time: row.last_at,
        },
      ),
    );
  }
  return [...signals.values()].sort(bySeverity);
}
