/**
 * The fraud signals' read model (docs/decisions/023): one SQL statement per
 * signal kind over the window's tests, sign-ins and node id conflicts, read
 * through the indexes made for them (migration 0007). It reads the tables of
 * several modules, as a report does, and writes none.
 *
 * Times come back as UTC text and counts as integers, so node-postgres and
 * PGlite answer the same values.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/sql-kit.ts';
import type { Queryable } from '../../db/client.ts';

/** The window a signal reads: [since, until]. */
export interface SignalWindow {
  since: Date;
  until: Date;
}

const utcMinute = (column: ReturnType<typeof sql.raw>) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD HH24:MI')`;

/** One account's use of a shared address: its tests or sign-ins there. */
export interface SharedAddressRow {
  address: string;
  accounts: number;
  user_id: number;
  username: string;
  banned: boolean;
  how: 'test' | 'sign-in';
  times: number;
  last_at: string;
}

/**
 * Addresses from which more than `minAccounts` accounts completed a test or
 * signed in within the window, at most `limit` of them (most accounts first,
 * those with an account not banned yet before those all banned), with each
 * account's uses. The window's tests and sign-ins are read from the indexes
 * (completed_at, ip_address, user_id) and (created_at, address, user_id) alone.
 */
export async function sharedAddressRows(
  db: Queryable,
  window: SignalWindow & { minAccounts: number; limit: number },
): Promise<SharedAddressRow[]> {
  const result = await db.execute(sql`
    with uses as (
      select ip_address as address, user_id, 'test' as how,
        count(*)::int as times, max(completed_at) as last_at
      from speedtests
      where completed_at >= ${window.since}::timestamptz
        and completed_at <= ${window.until}::timestamptz
      group by ip_address, user_id
      union all
      select address, user_id, 'sign-in', count(*)::int, max(created_at)
      from refresh_families
      where created_at >= ${window.since}::timestamptz
        and created_at <= ${window.until}::timestamptz
        and address is not null
      group by address, user_id
    ),
    -- Accounts per address in two hashed steps (a count(distinct) would sort every use).
    pairs as (
      select uses.address, uses.user_id, bool_or(users.banned_at is null) as live
      from uses join users on users.id = uses.user_id
      group by uses.address, uses.user_id
    ),
    shared as (
      select address, count(*)::int as accounts, bool_or(live) as any_live
      from pairs
      group by address
      having count(*) > ${window.minAccounts}::int
      order by any_live desc, accounts desc, address
      limit ${window.limit}::int
    )
    select shared.address, shared.accounts, uses.user_id, users.username,
      users.banned_at is not null as banned, uses.how, uses.times,
      ${utcMinute(sql.raw('uses.last_at'))} as last_at
    from shared
      join uses on uses.address = shared.address
      join users on users.id = uses.user_id
    order by shared.any_live desc, shared.accounts desc, shared.address, users.username, uses.how desc`);
  return rowsOf<SharedAddressRow>(result);
}

/**
 * One account's part in a tie of a referral family: the family is a referrer
 * and the accounts it referred; a tie is an address or a node that two or
 * more of the family used in the window.
 */
export interface ReferralTieRow {
  /** The referrer whose family this is. */
  family_id: number;
  /** 'address' or 'node'. */
  tie: 'address' | 'node';
  /** The address, or the node's id. */
  tie_key: string;
  user_id: number;
  username: string;
  banned: boolean;
  referred_by_user_id: number | null;
  /** For a node: 'owner' (it is theirs) or 'tried' (they tried to register it); null for an address. */
  node_role: 'owner' | 'tried' | null;
  last_at: string;
}

/**
 * The ties inside referral families in the window: every account that shares
 * an address (tests or sign-ins) or a node (node_id_conflicts: one account
 * tried to register another's node id) with its referrer or with another
 * account of the same referrer. Each use is counted in two families, the
 * user's own (as the referrer) and its referrer's, so a tie is a group of
 * (family, address) with two accounts or more: equality joins and one
 * aggregate, never the pairs of a busy address.
 */
export async function referralTieRows(
  db: Queryable,
  window: SignalWindow,
): Promise<ReferralTieRow[]> {
  const result = await db.execute(sql`
    with uses as (
      select 'address' as tie, ip_address as tie_key, user_id, null as node_role,
        max(completed_at) as last_at
      from speedtests
      where completed_at >= ${window.since}::timestamptz
        and completed_at <= ${window.until}::timestamptz
      group by ip_address, user_id
      union all
      select 'address', address, user_id, null, max(created_at)
      from refresh_families
      where created_at >= ${window.since}::timestamptz
        and created_at <= ${window.until}::timestamptz
        and address is not null
      group by address, user_id
      union all
      select 'node', conflicts.node_id::text, conflicts.user_id, 'tried', conflicts.at
      from node_id_conflicts as conflicts
      where conflicts.at >= ${window.since}::timestamptz
        and conflicts.at <= ${window.until}::timestamptz
      union all
      select 'node', conflicts.node_id::text, nodes.user_id, 'owner', max(conflicts.at)
      from node_id_conflicts as conflicts join nodes on nodes.id = conflicts.node_id
      where conflicts.at >= ${window.since}::timestamptz
        and conflicts.at <= ${window.until}::timestamptz
      group by conflicts.node_id, nodes.user_id
    ),
    members as (
      select uses.*, users.referred_by_user_id, family.id as family_id
      from uses
        join users on users.id = uses.user_id
        cross join lateral (values (users.id), (users.referred_by_user_id)) as family(id)
      where family.id is not null
    ),
    ties as (
      select family_id, tie, tie_key
      from members
      group by family_id, tie, tie_key
      -- Two accounts or more; min and max hash where a count(distinct) would sort.
      having min(user_id) <> max(user_id)
    )
    select ties.family_id, ties.tie, ties.tie_key, members.user_id, users.username,
      users.banned_at is not null as banned, members.referred_by_user_id,
      max(members.node_role) as node_role,
      ${utcMinute(sql.raw('max(members.last_at)'))} as last_at
    from ties
      join members using (family_id, tie, tie_key)
      join users on users.id = members.user_id
    group by ties.family_id, ties.tie, ties.tie_key, members.user_id, users.username,
      users.banned_at, members.referred_by_user_id
    order by ties.family_id, ties.tie, ties.tie_key, users.username`);
  return rowsOf<ReferralTieRow>(result);
}

/** An account by id, for a family whose referrer took no part in its ties. */
export async function accountsByIds(
  db: Queryable,
  ids: number[],
): Promise<
  { id: number; username: string; banned: boolean; referred_by_user_id: number | null }[]
> {
  if (ids.length === 0) return [];
  const result = await db.execute(sql`
    select id, username, banned_at is not null as banned, referred_by_user_id
    from users where id = any(${`{${ids.join(',')}}`}::int[])`);
  return rowsOf(result);
}

/** One finding about a node: a run of identical results, or its tests above the ceiling. */
export interface ImplausibleNodeRow {
  node_id: string;
  node_name: string;
  user_id: number;
  username: string;
  banned: boolean;
  finding: 'identical' | 'above-ceiling';
  tests: number;
  /** Kbit/s: the identical speeds, or the fastest test above the ceiling. */
  download_kbps: number | string;
  upload_kbps: number | string;
  last_at: string;
}

/**
 * Nodes whose tests in the window are implausible: `minTests` or more with the
 * same download and upload speed to the kilobit per second, or any test faster
 * than `ceilingKbps` in either direction (the server's own link cannot carry
 * it). Speeds are computed exactly, in numeric, from the bytes and microseconds
 * the server measured. Read from the node's tests (node_id, completed_at).
 */
export async function implausibleNodeRows(
  db: Queryable,
  window: SignalWindow & { minTests: number; ceilingKbps: number; limit: number },
): Promise<ImplausibleNodeRow[]> {
  const result = await db.execute(sql`
    with tests as (
      select node_id, completed_at,
        round(download_bytes * 8000.0 / nullif(download_elapsed_us, 0))::bigint as down,
        round(upload_bytes * 8000.0 / nullif(upload_elapsed_us, 0))::bigint as up
      from speedtests
      where node_id is not null
        and completed_at >= ${window.since}::timestamptz
        and completed_at <= ${window.until}::timestamptz
    ),
    findings as (
      select node_id, 'identical' as finding, count(*)::int as tests,
        down, up, max(completed_at) as last_at
      from tests
      where down is not null and up is not null
      group by node_id, down, up
      having count(*) >= ${window.minTests}::int
      union all
      select node_id, 'above-ceiling', count(*)::int,
        max(down), max(up), max(completed_at)
      from tests
      where down > ${window.ceilingKbps}::bigint or up > ${window.ceilingKbps}::bigint
      group by node_id
    ),
    flagged as (
      select node_id from findings group by node_id
      order by max(tests) desc, node_id limit ${window.limit}::int
    )
    select findings.node_id::text as node_id, nodes.name as node_name, nodes.user_id,
      users.username, users.banned_at is not null as banned, findings.finding,
      findings.tests, findings.down as download_kbps, findings.up as upload_kbps,
      ${utcMinute(sql.raw('findings.last_at'))} as last_at
    from findings
      join flagged using (node_id)
      join nodes on nodes.id = findings.node_id
      join users on users.id = nodes.user_id
    order by users.banned_at is null desc, findings.node_id, findings.finding desc, findings.tests desc`);
  return rowsOf<ImplausibleNodeRow>(result);
}
