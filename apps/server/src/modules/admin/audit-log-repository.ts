/**
 * The audit log (docs/decisions/021): every admin action writes one row in the
 * transaction of the change it records, so the log holds exactly the changes
 * that happened. This module is its one writer and reader.
 */
import { and, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditQuery, AuditRow } from '@netpulse/shared/admin';
import type { Queryable } from '../../db/client.ts';
import { auditLog } from '../../db/tables/admin-tables.ts';

/** Who acts: an admin of the console, or the operator at the command line (id null). */
export interface Actor {
  id: number | null;
  username: string;
}

/** The operator at the command line (npm run admin). */
export const COMMAND_LINE: Actor = { id: null, username: 'command line' };

export type AuditValues = Record<string, unknown>;

export interface AuditEntry {
  /** One of the actions the console's filter names, so none is written that it cannot find. */
  action: AuditAction;
  target: string;
  before: AuditValues | null;
  after: AuditValues | null;
  reason?: string | null;
}

/** Writes one row with `tx`: the transaction of the change it records. */
export async function writeAudit(
  tx: Queryable,
  actor: Actor,
  entry: AuditEntry,
  at: Date,
): Promise<void> {
  await tx.insert(auditLog).values({
    at,
    adminUserId: actor.id,
    adminName: actor.username,
    action: entry.action,
    target: entry.target,
    before: entry.before,
    after: entry.after,
    reason: entry.reason ?? null,
  });
}

const DAY_MS = 86_400_000;

function filtersOf(query: AuditQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.adminId === 0) conditions.push(isNull(auditLog.adminUserId));
  else if (query.adminId !== undefined) conditions.push(eq(auditLog.adminUserId, query.adminId));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  // The dates are UTC days, both ends inclusive, as in the transaction history.
  if (query.from) conditions.push(gte(auditLog.at, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) {
    conditions.push(
      lt(auditLog.at, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS)),
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** A page of the log, newest first, with the number of rows the filters match. */
export async function auditPage(
  db: Queryable,
  query: AuditQuery,
): Promise<{ rows: AuditRow[]; total: number }> {
  const where = filtersOf(query);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where),
  ]);
  return {
    total: counted?.total ?? 0,
    rows: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      admin: { id: row.adminUserId, username: row.adminName },
      action: row.action,
      target: row.target,
      before: row.before as AuditValues | null,
      after: row.after as AuditValues | null,
      reason: row.reason,
    })),
  };
}
