/**
 * What each console action's confirmation says (issue 18: every action asks
 * for confirmation in a dialog that names its effect), and how the audit log's
 * before and after read. Plain functions, so they are tested without a browser.
 */
import { formatDateTime, pluralize, type Cycle, type Role } from '@netpulse/shared';
import type { AdminCycle, AuditAction, FraudSignalKind } from '@netpulse/shared/admin';

/** The actions the user page offers; ban and unban ask for a reason. */
export type UserActionKind = 'verify' | 'ban' | 'unban' | 'boost' | 'streak' | 'role';

export interface ActionTexts {
  title: string;
  /** What happens, in a sentence the admin reads before confirming. */
  effect: string;
  confirm: string;
}

/** The dialog's title, effect and button for an action on `username`. */
export function userActionTexts(
  kind: UserActionKind,
  username: string,
  role: Role = 'member',
): ActionTexts {
  switch (kind) {
    case 'verify':
      return {
        title: `Verify ${username}?`,
        effect: `${username}'s email counts as confirmed: they can sign in without the link from the mail.`,
        confirm: 'Verify',
      };
    case 'ban':
      return {
        title: `Ban ${username}?`,
        effect: `${username} is signed out everywhere, their nodes stop earning, and they cannot sign in until unbanned. The reason is kept in the audit log.`,
        confirm: 'Ban',
      };
    case 'unban':
      return {
        title: `Unban ${username}?`,
        effect: `${username} can sign in and earn again. The reason is kept in the audit log.`,
        confirm: 'Unban',
      };
    case 'boost':
      return {
        title: `Set ${username}'s boost?`,
        effect: `Each of ${username}'s tests from now on earns its Bytes times this multiplier (empty removes the boost). Bytes already earned stay as they are.`,
        confirm: 'Set boost',
      };
    case 'streak':
      return {
        title: `Restore ${username}'s streak?`,
        effect: `${username}'s daily streak is set to this many days, as if they had claimed each of them; their next claim continues from it.`,
        confirm: 'Restore streak',
      };
    case 'role': {
      const next = role === 'admin' ? 'member' : 'admin';
      return {
        title: `Make ${username} ${next === 'admin' ? 'an admin' : 'a member'}?`,
        effect:
          next === 'admin'
            ? `${username} can open this console and act on every account.`
            : `${username} loses the console: its pages send them to the dashboard.`,
        confirm: next === 'admin' ? 'Make admin' : 'Make member',
      };
    }
  }
}

/**
 * What starting the next cycle does, naming the cycle that ends and the one
 * that starts and what becomes of the current cycle's earnings.
 */
export function startCycleEffect(current: Pick<AdminCycle, 'name'> | null, next: Cycle): string {
  const start = `${next} starts now: from this moment every Byte earned counts for ${next}, and each member's Cycle Earnings start again from 0.`;
  if (!current) return start;
  return `${current.name} ends now and cannot be reopened. ${current.name}'s earnings are final: they stay on each member's Earnings page under ${current.name}, and Total Earnings do not change. ${start}`;
}

/**
 * What an irreversible console action cannot take back, said beside its danger button. A ban
 * is lifted by unbanning, but the sessions it ended stay ended.
 */
export const CANNOT_BE_UNDONE = {
  ban: 'This cannot be undone: the sessions it ends stay ended, and unbanning later does not sign anyone back in.',
  revokeInvite: 'This cannot be undone: a revoked code cannot be turned back on.',
  startCycle: (current: Pick<AdminCycle, 'name'> | null, next: Cycle): string =>
    current
      ? `This cannot be undone: ${current.name} cannot be reopened once ${next} starts.`
      : `This cannot be undone: once ${next} starts, it stays the current cycle until the next one.`,
} as const;

export interface AuditChange {
  field: string;
  before: string;
  after: string;
}

/** An ISO moment as the API writes one (`2026-11-25T12:57:12.180Z`): shown in the one clock. */
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** Each audit action as the log and its filter name it. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'user.verify': 'Verified an email',
  'user.ban': 'Banned',
  'user.unban': 'Unbanned',
  'user.boost': 'Set a boost',
  'user.streak': 'Set a daily streak',
  'user.role': 'Changed a role',
  'invite.create': 'Created an invite',
  'invite.revoke': 'Revoked an invite',
  'cycle.start': 'Started a cycle',
  'review.approve': 'Approved a YouTube subscription',
  'review.reject': 'Rejected a YouTube subscription',
};

/** An action the log holds but this build does not know (a newer server) reads as stored. */
export const auditActionLabel = (action: string): string =>
  (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;

/**
 * An audit target as people read it: the log stores `user:38 (ada)`, `invite:5` or
 * `cycle:Mega`, which read "User 38 (ada)", "Invite 5" and "Cycle Mega".
 */
export function auditTargetText(target: string): string {
  const kind = /^([a-z]+):(.*)$/.exec(target);
  if (!kind?.[1] || kind[2] === undefined) return target;
  return `${kind[1].charAt(0).toUpperCase()}${kind[1].slice(1)} ${kind[2]}`;
}

/** Stored fields whose name or values are codes, with what they mean. */
const AUDIT_FIELDS: Record<string, { label: string; values?: Record<string, string> }> = {
  is_youtube_verifying: {
    label: 'YouTube subscription',
    values: { false: 'Not asked', true: 'Waiting for review', verified: 'Verified' },
  },
};

const shown = (value: unknown): string =>
  value === undefined
    ? '—'
    : value === null
      ? 'none'
      : typeof value === 'boolean'
        ? value
          ? 'Yes'
          : 'No'
        : typeof value === 'string'
          ? ISO_MOMENT.test(value)
            ? formatDateTime(value)
            : value
          : JSON.stringify(value);

/**
 * A stored field's name as words ("uses_left" and "usesLeft" read "Uses left"): the
 * audit log is read by operators, not by the code that wrote it.
 */
export function auditFieldLabel(field: string): string {
  const known = AUDIT_FIELDS[field]?.label;
  if (known) return known;
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/**
 * The fields an audit entry changed, before and after, in the order they first
 * appear; fields equal on both sides are left out (they did not change).
 */
export function auditChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .map((field) => {
      const values = AUDIT_FIELDS[field]?.values ?? {};
      const read = (value: unknown) =>
        (typeof value === 'string' || typeof value === 'boolean' ? values[String(value)] : null) ??
        shown(value);
      return {
        field: auditFieldLabel(field),
        before: read(before?.[field]),
        after: read(after?.[field]),
      };
    })
    .filter((change) => change.before !== change.after);
}

/** The summary of a bulk action's outcome for its toast: how many done, and the first refusal. */
export function bulkOutcomeText(
  outcome: readonly { done: boolean; message: string }[],
  verb: string,
): { text: string; allDone: boolean } {
  const done = outcome.filter((item) => item.done).length;
  const refused = outcome.filter((item) => !item.done);
  if (refused.length === 0) return { text: `${pluralize(done, 'account')} ${verb}`, allDone: true };
  return {
    text: `${pluralize(done, 'account')} ${verb}; ${refused.length} not: ${refused[0]?.message ?? ''}`,
    allDone: false,
  };
}

/** The badge of each kind of fraud signal. */
export const FRAUD_KIND_LABELS: Record<FraudSignalKind, string> = {
  'shared-address': 'Shared address',
  'referral-ring': 'Referral ring',
  'implausible-node': 'Implausible node',
};
