/**
 * What each console action's confirmation says (issue 18: every action asks
 * for confirmation in a dialog that names its effect), and how the audit log's
 * before and after read. Plain functions, so they are tested without a browser;
 * each formats in the page's language (`formatter`, the page's by default).
 */
import { formatDateTime, type Cycle, type Role } from '@netpulse/shared';
import type { AdminCycle, AuditAction, FraudSignalKind } from '@netpulse/shared/admin';
import { defineMessages, type MessageDescriptor } from '@netpulse/i18n';
import { intl, type PageFormatter } from '@/lib/i18n/active-locale';

/** The actions the user page offers; ban and unban ask for a reason. */
export type UserActionKind = 'verify' | 'ban' | 'unban' | 'boost' | 'streak' | 'role';

export interface ActionTexts {
  title: string;
  /** What happens, in a sentence the admin reads before confirming. */
  effect: string;
  confirm: string;
}

const actionMessages = defineMessages({
  verifyTitle: { id: 'console.userAction.verifyTitle', defaultMessage: 'Verify {username}?' },
  verifyEffect: {
    id: 'console.userAction.verifyEffect',
    defaultMessage:
      "{username}'s email counts as confirmed: they can sign in without the link from the mail.",
  },
  verifyConfirm: { id: 'console.userAction.verifyConfirm', defaultMessage: 'Verify' },
  banTitle: { id: 'console.userAction.banTitle', defaultMessage: 'Ban {username}?' },
  banEffect: {
    id: 'console.userAction.banEffect',
    defaultMessage:
      '{username} is signed out everywhere, their nodes stop earning, and they cannot sign in until unbanned. The reason is kept in the audit log.',
  },
  banConfirm: { id: 'console.userAction.banConfirm', defaultMessage: 'Ban' },
  unbanTitle: { id: 'console.userAction.unbanTitle', defaultMessage: 'Unban {username}?' },
  unbanEffect: {
    id: 'console.userAction.unbanEffect',
    defaultMessage: '{username} can sign in and earn again. The reason is kept in the audit log.',
  },
  unbanConfirm: { id: 'console.userAction.unbanConfirm', defaultMessage: 'Unban' },
  boostTitle: { id: 'console.userAction.boostTitle', defaultMessage: "Set {username}'s boost?" },
  boostEffect: {
    id: 'console.userAction.boostEffect',
    defaultMessage:
      "Each of {username}'s tests from now on earns its Bytes times this multiplier (empty removes the boost). Bytes already earned stay as they are.",
  },
  boostConfirm: { id: 'console.userAction.boostConfirm', defaultMessage: 'Set boost' },
  streakTitle: {
    id: 'console.userAction.streakTitle',
    defaultMessage: "Restore {username}'s streak?",
  },
  streakEffect: {
    id: 'console.userAction.streakEffect',
    defaultMessage:
      "{username}'s daily streak is set to this many days, as if they had claimed each of them; their next claim continues from it.",
  },
  streakConfirm: { id: 'console.userAction.streakConfirm', defaultMessage: 'Restore streak' },
  makeAdminTitle: {
    id: 'console.userAction.makeAdminTitle',
    defaultMessage: 'Make {username} an admin?',
  },
  makeAdminEffect: {
    id: 'console.userAction.makeAdminEffect',
    defaultMessage: '{username} can open this console and act on every account.',
  },
  makeAdminConfirm: { id: 'console.userAction.makeAdminConfirm', defaultMessage: 'Make admin' },
  makeMemberTitle: {
    id: 'console.userAction.makeMemberTitle',
    defaultMessage: 'Make {username} a member?',
  },
  makeMemberEffect: {
    id: 'console.userAction.makeMemberEffect',
    defaultMessage: '{username} loses the console: its pages send them to the dashboard.',
  },
  makeMemberConfirm: { id: 'console.userAction.makeMemberConfirm', defaultMessage: 'Make member' },
});

const ACTION_MESSAGES: Record<
  Exclude<UserActionKind, 'role'> | 'makeAdmin' | 'makeMember',
  { title: MessageDescriptor; effect: MessageDescriptor; confirm: MessageDescriptor }
> = {
  verify: {
    title: actionMessages.verifyTitle,
    effect: actionMessages.verifyEffect,
    confirm: actionMessages.verifyConfirm,
  },
  ban: {
    title: actionMessages.banTitle,
    effect: actionMessages.banEffect,
    confirm: actionMessages.banConfirm,
  },
  unban: {
    title: actionMessages.unbanTitle,
    effect: actionMessages.unbanEffect,
    confirm: actionMessages.unbanConfirm,
  },
  boost: {
    title: actionMessages.boostTitle,
    effect: actionMessages.boostEffect,
    confirm: actionMessages.boostConfirm,
  },
  streak: {
    title: actionMessages.streakTitle,
    effect: actionMessages.streakEffect,
    confirm: actionMessages.streakConfirm,
  },
  makeAdmin: {
    title: actionMessages.makeAdminTitle,
    effect: actionMessages.makeAdminEffect,
    confirm: actionMessages.makeAdminConfirm,
  },
  makeMember: {
    title: actionMessages.makeMemberTitle,
    effect: actionMessages.makeMemberEffect,
    confirm: actionMessages.makeMemberConfirm,
  },
};

/** The dialog's title, effect and button for an action on `username`. */
export function userActionTexts(
  kind: UserActionKind,
  username: string,
  role: Role = 'member',
  formatter: PageFormatter = intl(),
): ActionTexts {
  const messages =
    ACTION_MESSAGES[kind === 'role' ? (role === 'admin' ? 'makeMember' : 'makeAdmin') : kind];
  return {
    title: formatter.formatMessage(messages.title, { username }),
    effect: formatter.formatMessage(messages.effect, { username }),
    confirm: formatter.formatMessage(messages.confirm),
  };
}

/**
 * What starting the next cycle does, naming the cycle that ends and the one
 * that starts and what becomes of the current cycle's earnings.
 */
export function startCycleEffect(
  current: Pick<AdminCycle, 'name'> | null,
  next: Cycle,
  formatter: PageFormatter = intl(),
): string {
  if (!current) {
    return formatter.formatMessage(
      {
        id: 'console.cycles.startEffect',
        defaultMessage:
          "{next} starts now: from this moment every Byte earned counts for {next}, and each member's Cycle Earnings start again from 0.",
      },
      { next },
    );
  }
  return formatter.formatMessage(
    {
      id: 'console.cycles.endAndStartEffect',
      defaultMessage:
        "{current} ends now and cannot be reopened. {current}'s earnings are final: they stay on each member's Earnings page under {current}, and Total Earnings do not change. {next} starts now: from this moment every Byte earned counts for {next}, and each member's Cycle Earnings start again from 0.",
    },
    { current: current.name, next },
  );
}

/**
 * What an irreversible console action cannot take back, said beside its danger button. A ban
 * is lifted by unbanning, but the sessions it ended stay ended.
 */
export const CANNOT_BE_UNDONE = {
  ban: (formatter: PageFormatter = intl()): string =>
    formatter.formatMessage({
      id: 'console.cannotBeUndone.ban',
      defaultMessage:
        'This cannot be undone: the sessions it ends stay ended, and unbanning later does not sign anyone back in.',
    }),
  revokeInvite: (formatter: PageFormatter = intl()): string =>
    formatter.formatMessage({
      id: 'console.cannotBeUndone.revokeInvite',
      defaultMessage: 'This cannot be undone: a revoked code cannot be turned back on.',
    }),
  dropJob: (formatter: PageFormatter = intl()): string =>
    formatter.formatMessage({
      id: 'console.cannotBeUndone.dropJob',
      defaultMessage: 'This cannot be undone: a dropped job cannot be retried.',
    }),
  sendAnnouncement: (formatter: PageFormatter = intl()): string =>
    formatter.formatMessage({
      id: 'console.cannotBeUndone.sendAnnouncement',
      defaultMessage: 'This cannot be undone: a sent announcement stays in every bell it reached.',
    }),
  startCycle: (
    current: Pick<AdminCycle, 'name'> | null,
    next: Cycle,
    formatter: PageFormatter = intl(),
  ): string =>
    current
      ? formatter.formatMessage(
          {
            id: 'console.cannotBeUndone.endCycle',
            defaultMessage:
              'This cannot be undone: {current} cannot be reopened once {next} starts.',
          },
          { current: current.name, next },
        )
      : formatter.formatMessage(
          {
            id: 'console.cannotBeUndone.startCycle',
            defaultMessage:
              'This cannot be undone: once {next} starts, it stays the current cycle until the next one.',
          },
          { next },
        ),
} as const;

export interface AuditChange {
  field: string;
  before: string;
  after: string;
}

/** An ISO moment as the API writes one (`2026-11-25T12:57:12.180Z`): shown in the one clock. */
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** Each audit action as the log and its filter name it. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, MessageDescriptor> = defineMessages({
  'user.verify': { id: 'console.audit.action.userVerify', defaultMessage: 'Verified an email' },
  'user.ban': { id: 'console.audit.action.userBan', defaultMessage: 'Banned' },
  'user.unban': { id: 'console.audit.action.userUnban', defaultMessage: 'Unbanned' },
  'user.boost': { id: 'console.audit.action.userBoost', defaultMessage: 'Set a boost' },
  'user.streak': { id: 'console.audit.action.userStreak', defaultMessage: 'Set a daily streak' },
  'user.role': { id: 'console.audit.action.userRole', defaultMessage: 'Changed a role' },
  'invite.create': { id: 'console.audit.action.inviteCreate', defaultMessage: 'Created an invite' },
  'invite.revoke': { id: 'console.audit.action.inviteRevoke', defaultMessage: 'Revoked an invite' },
  'cycle.start': { id: 'console.audit.action.cycleStart', defaultMessage: 'Started a cycle' },
  'review.approve': {
    id: 'console.audit.action.reviewApprove',
    defaultMessage: 'Approved a YouTube subscription',
  },
  'review.reject': {
    id: 'console.audit.action.reviewReject',
    defaultMessage: 'Rejected a YouTube subscription',
  },
  'job.retry': { id: 'console.audit.action.jobRetry', defaultMessage: 'Retried a failed job' },
  'job.drop': { id: 'console.audit.action.jobDrop', defaultMessage: 'Dropped a failed job' },
  'announcement.send': {
    id: 'console.audit.action.announcementSend',
    defaultMessage: 'Sent an announcement',
  },
  'account.delete': {
    id: 'console.audit.action.accountDelete',
    defaultMessage: 'Deleted their own account',
  },
});

/** An action the log holds but this build does not know (a newer server) reads as stored. */
export function auditActionLabel(action: string, formatter: PageFormatter = intl()): string {
  const known = (AUDIT_ACTION_LABELS as Partial<Record<string, MessageDescriptor>>)[action];
  return known ? formatter.formatMessage(known) : action;
}

const targetMessages = defineMessages({
  user: { id: 'console.audit.target.user', defaultMessage: 'User {name}' },
  invite: { id: 'console.audit.target.invite', defaultMessage: 'Invite {name}' },
  cycle: { id: 'console.audit.target.cycle', defaultMessage: 'Cycle {name}' },
  job: { id: 'console.audit.target.job', defaultMessage: 'Job {name}' },
  announcement: { id: 'console.audit.target.announcement', defaultMessage: 'Announcement {name}' },
});

/**
 * An audit target as people read it: the log stores `user:38 (ada)`, `invite:5` or
 * `cycle:Mega`, which read "User 38 (ada)", "Invite 5" and "Cycle Mega".
 */
export function auditTargetText(target: string, formatter: PageFormatter = intl()): string {
  const kind = /^([a-z]+):(.*)$/.exec(target);
  if (!kind?.[1] || kind[2] === undefined) return target;
  const known = (targetMessages as Partial<Record<string, MessageDescriptor>>)[kind[1]];
  if (known) return formatter.formatMessage(known, { name: kind[2] });
  return `${kind[1].charAt(0).toUpperCase()}${kind[1].slice(1)} ${kind[2]}`;
}

const valueMessages = defineMessages({
  none: { id: 'console.audit.value.none', defaultMessage: 'none' },
  yes: { id: 'console.audit.value.yes', defaultMessage: 'Yes' },
  no: { id: 'console.audit.value.no', defaultMessage: 'No' },
  member: { id: 'console.audit.value.member', defaultMessage: 'Member' },
  admin: { id: 'console.audit.value.admin', defaultMessage: 'Admin' },
  youtubeNotAsked: { id: 'console.audit.value.youtubeNotAsked', defaultMessage: 'Not asked' },
  youtubeWaiting: {
    id: 'console.audit.value.youtubeWaiting',
    defaultMessage: 'Waiting for review',
  },
  youtubeVerified: { id: 'console.audit.value.youtubeVerified', defaultMessage: 'Verified' },
});

/** The fields the server's audit entries hold, named in words (any other reads as its words). */
const fieldMessages = defineMessages({
  additional_boost: { id: 'console.audit.field.additionalBoost', defaultMessage: 'Boost' },
  attempts: { id: 'console.audit.field.attempts', defaultMessage: 'Attempts' },
  ban_notice: { id: 'console.audit.field.banNotice', defaultMessage: 'Message shown' },
  ban_reason: { id: 'console.audit.field.banReason', defaultMessage: 'Ban reason' },
  banned_at: { id: 'console.audit.field.bannedAt', defaultMessage: 'Banned at' },
  code: { id: 'console.audit.field.code', defaultMessage: 'Code' },
  current: { id: 'console.audit.field.current', defaultMessage: 'Current cycle' },
  daily_streaks: { id: 'console.audit.field.dailyStreaks', defaultMessage: 'Daily streak' },
  email_verified_at: {
    id: 'console.audit.field.emailVerifiedAt',
    defaultMessage: 'Email verified at',
  },
  ends_at: { id: 'console.audit.field.endsAt', defaultMessage: 'Planned end' },
  is_youtube_verifying: {
    id: 'console.audit.field.youtubeSubscription',
    defaultMessage: 'YouTube subscription',
  },
  last_claimed_at: { id: 'console.audit.field.lastClaimedAt', defaultMessage: 'Last daily claim' },
  last_claimed_streak_milestone: {
    id: 'console.audit.field.lastClaimedStreakMilestone',
    defaultMessage: 'Last streak milestone claimed',
  },
  note: { id: 'console.audit.field.note', defaultMessage: 'Note' },
  recipients: { id: 'console.audit.field.recipients', defaultMessage: 'Accounts reached' },
  revoked_at: { id: 'console.audit.field.revokedAt', defaultMessage: 'Revoked at' },
  role: { id: 'console.audit.field.role', defaultMessage: 'Role' },
  state: { id: 'console.audit.field.state', defaultMessage: 'State' },
  title: { id: 'console.audit.field.title', defaultMessage: 'Title' },
  uses_left: { id: 'console.audit.field.usesLeft', defaultMessage: 'Uses left' },
});

/** Stored fields whose values are codes, with what they mean. */
const FIELD_VALUES: Record<string, Record<string, MessageDescriptor>> = {
  is_youtube_verifying: {
    false: valueMessages.youtubeNotAsked,
    true: valueMessages.youtubeWaiting,
    verified: valueMessages.youtubeVerified,
  },
  role: { member: valueMessages.member, admin: valueMessages.admin },
};

const shown = (value: unknown, formatter: PageFormatter): string =>
  value === undefined
    ? '—'
    : value === null
      ? formatter.formatMessage(valueMessages.none)
      : typeof value === 'boolean'
        ? formatter.formatMessage(value ? valueMessages.yes : valueMessages.no)
        : typeof value === 'string'
          ? ISO_MOMENT.test(value)
            ? formatDateTime(value)
            : value
          : JSON.stringify(value);

/**
 * A stored field's name as words ("uses_left" and "usesLeft" read "Uses left"): the
 * audit log is read by operators, not by the code that wrote it. The fields the server
 * writes are named in the page's language; another reads as its English words.
 */
export function auditFieldLabel(field: string, formatter: PageFormatter = intl()): string {
  const known = (fieldMessages as Partial<Record<string, MessageDescriptor>>)[field];
  if (known) return formatter.formatMessage(known);
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
  formatter: PageFormatter = intl(),
): AuditChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .map((field) => {
      const values = FIELD_VALUES[field] ?? {};
      const read = (value: unknown) => {
        const meaning =
          typeof value === 'string' || typeof value === 'boolean'
            ? values[String(value)]
            : undefined;
        return meaning ? formatter.formatMessage(meaning) : shown(value, formatter);
      };
      return {
        field: auditFieldLabel(field, formatter),
        before: read(before?.[field]),
        after: read(after?.[field]),
      };
    })
    .filter((change) => change.before !== change.after);
}

/** What a bulk action did to the accounts it was given. */
export type BulkDecision = 'banned' | 'approved' | 'rejected';

const bulkMessages: Record<BulkDecision | `${BulkDecision}Partly`, MessageDescriptor> =
  defineMessages({
    banned: {
      id: 'console.bulk.banned',
      defaultMessage: '{done, plural, one {# account banned} other {# accounts banned}}',
    },
    bannedPartly: {
      id: 'console.bulk.bannedPartly',
      defaultMessage:
        '{done, plural, one {# account banned} other {# accounts banned}}; {refused, number} not: {message}',
    },
    approved: {
      id: 'console.bulk.approved',
      defaultMessage: '{done, plural, one {# account approved} other {# accounts approved}}',
    },
    approvedPartly: {
      id: 'console.bulk.approvedPartly',
      defaultMessage:
        '{done, plural, one {# account approved} other {# accounts approved}}; {refused, number} not: {message}',
    },
    rejected: {
      id: 'console.bulk.rejected',
      defaultMessage: '{done, plural, one {# account rejected} other {# accounts rejected}}',
    },
    rejectedPartly: {
      id: 'console.bulk.rejectedPartly',
      defaultMessage:
        '{done, plural, one {# account rejected} other {# accounts rejected}}; {refused, number} not: {message}',
    },
  });

/** The summary of a bulk action's outcome for its toast: how many done, and the first refusal. */
export function bulkOutcomeText(
  outcome: readonly { done: boolean; message: string }[],
  decision: BulkDecision,
  formatter: PageFormatter = intl(),
): { text: string; allDone: boolean } {
  const done = outcome.filter((item) => item.done).length;
  const refused = outcome.filter((item) => !item.done);
  if (refused.length === 0) {
    return { text: formatter.formatMessage(bulkMessages[decision], { done }), allDone: true };
  }
  return {
    text: formatter.formatMessage(bulkMessages[`${decision}Partly`], {
      done,
      refused: refused.length,
      message: refused[0]?.message ?? '',
    }),
    allDone: false,
  };
}

/** The badge of each kind of fraud signal. */
export const FRAUD_KIND_LABELS: Record<FraudSignalKind, MessageDescriptor> = defineMessages({
  'shared-address': { id: 'console.fraud.kind.sharedAddress', defaultMessage: 'Shared address' },
  'referral-ring': { id: 'console.fraud.kind.referralRing', defaultMessage: 'Referral ring' },
  'implausible-node': {
    id: 'console.fraud.kind.implausibleNode',
    defaultMessage: 'Implausible node',
  },
});
