/**
 * The console's API under /v1/admin (docs/decisions/021), registered inside the
 * admin scope: every route needs an admin's access token. The actions are the ones
 * the CLI runs (admin-actions.ts), which write the audit log.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  announcementPreviewSchema,
  announcementRowSchema,
  announcementSchema,
  dataEnvelope,
  listEnvelope,
  messageEnvelopeSchema,
  pageQuerySchema,
  rowIdParam,
  type JobQueueOverview,
} from '@netpulse/shared';
import {
  ADMIN_MESSAGES,
  adminBulkBanSchema,
  adminBulkOutcomeSchema,
  adminCyclesSchema,
  adminInviteSchema,
  adminLedgerRowSchema,
  adminOverviewSchema,
  adminReviewDecisionSchema,
  adminReviewRowSchema,
  adminUserActionSchema,
  adminUserDetailSchema,
  adminUserRowSchema,
  adminUserSearchQuerySchema,
  auditQuerySchema,
  auditRowSchema,
  createInviteRequestSchema,
  startCycleRequestSchema,
  type AdminBulkOutcome,
  type AdminUserAction,
} from '@netpulse/shared/admin';
import { answer, okAnswer, responses } from '../../lib/replies.ts';
import { answerLocale } from '../../lib/request-locale.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { pageAnswer } from '../../lib/page-meta.ts';
import { rateLimit } from '../../lib/rate-limit.ts';
import {
  banAccount,
  createInviteAction,
  decideYoutubeReview,
  restoreStreak,
  revokeInvite,
  setBoost,
  setRole,
  startCycle,
  unbanAccount,
  verifyUser,
  type ActionOutcome,
} from './admin-actions.ts';
import { previewAnnouncement, sendAnnouncement } from './announcement-actions.ts';
import { announcementsPage, type StoredAnnouncement } from './announcements-repository.ts';
import { auditPage, type Actor } from './audit-log-repository.ts';
import { transactionHistory } from '../earnings/index.ts';
import { invitesPage, type Invite } from '../invites/index.ts';
import { youtubeReviewQueue } from '../quest-progress/index.ts';
import { nextCycleAfter, startedSeasons } from '../seasons/index.ts';
import { adminOf } from './admin-scope.ts';
import { overviewFromDatabase, searchUsers, userDetail } from './console-read-model.ts';

const READ_LIMIT = rateLimit(240, '1 minute');
const WRITE_LIMIT = rateLimit(60, '1 minute');
const tags = ['admin'];
const userParams = z.object({
  userId: rowIdParam(ADMIN_MESSAGES.userNotFound),
});
const inviteParams = z.object({
  inviteId: rowIdParam(ADMIN_MESSAGES.inviteNotFound),
});

/** An action's outcome as the answer: its message, or its refusal as the error it is. */
function answered<T>(outcome: ActionOutcome<T>): { message: string; value: T } {
  if (!outcome.done) throw new HttpError(outcome.status, outcome.message);
  return { message: outcome.message, value: outcome.value };
}

/**
 * Runs `action` for each account once, in the order asked, each in its own
 * transaction: one refusal leaves the others done (decision 010).
 */
async function eachOnItsOwn(
  userIds: number[],
  action: (userId: number) => Promise<ActionOutcome<unknown>>,
): Promise<AdminBulkOutcome> {
  const outcomes: AdminBulkOutcome = [];
  for (const userId of new Set(userIds)) {
    const outcome = await action(userId);
    outcomes.push({ userId, done: outcome.done, message: outcome.message });
  }
  return outcomes;
}

/** A bulk action's answer: how many of the accounts it did, and each one's outcome. */
function bulkAnswer(outcomes: AdminBulkOutcome, verb: string) {
  const done = outcomes.filter((outcome) => outcome.done).length;
  return answer(`${done} of ${outcomes.length} ${verb}`, outcomes);
}

const iso = (time: Date | null) => time?.toISOString() ?? null;

function toAdminInvite(invite: Invite & { used: number }) {
  return {
    id: invite.id,
    code: invite.code,
    uses_left: invite.usesLeft,
    note: invite.note,
    created_at: invite.createdAt.toISOString(),
    revoked_at: iso(invite.revokedAt),
    used: invite.used,
  };
}

function toAnnouncementRow(announcement: StoredAnnouncement) {
  return {
    id: announcement.id,
    title: announcement.title,
    text: announcement.text,
    link: announcement.link,
    active_within_days: announcement.activeWithinDays,
    sent_by: { id: announcement.sentBy, username: announcement.sentByName },
    sent_at: announcement.sentAt.toISOString(),
    recipients: announcement.recipients,
  };
}

export interface AdminRoutesOptions {
  /** Responses per hour from the server's own counters (the overview's errors). */
  errorsPerHour: (now: Date) => { at: string; serverErrors: number; clientErrors: number }[];
  /** The job queue's counts (the jobs module's, handed in by app.ts: admin does not import it). */
  jobQueue: () => Promise<JobQueueOverview>;
}

const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, options) => {
  /** Runs one user action as `actor` (the console's admin). */
  function runUserAction(actor: Actor, userId: number, body: AdminUserAction, now: Date) {
    switch (body.action) {
      case 'verify':
        return verifyUser(app.db, actor, userId, now);
      case 'ban':
        return banAccount(app.db, actor, userId, body, now);
      case 'unban':
        return unbanAccount(app.db, actor, userId, body.reason, now);
      case 'boost':
        return setBoost(app.db, actor, userId, body.multiplier, now);
      case 'streak':
        return restoreStreak(app.db, actor, userId, body.days, now);
      case 'role':
        return setRole(app.db, actor, userId, body.role, now);
    }
  }

  app.get(
    '/overview',
    {
      schema: {
        tags,
        summary: 'The network at a glance: tests, nodes, signups, Bytes issued, cycle, errors',
        response: responses(dataEnvelope(adminOverviewSchema), 401, 403, 429),
      },
      config: READ_LIMIT,
    },
    async () => {
      const now = app.clock.now();
      const [fromDatabase, jobs] = await Promise.all([
        overviewFromDatabase(app.db, now),
        options.jobQueue(),
      ]);
      return okAnswer({ ...fromDatabase, errorsPerHour: options.errorsPerHour(now), jobs });
    },
  );

  app.get(
    '/users',
    {
      schema: {
        tags,
        summary: 'Search users by username, email or address',
        querystring: adminUserSearchQuerySchema,
        response: responses(listEnvelope(adminUserRowSchema), 400, 401, 403, 429),
      },
      config: READ_LIMIT,
    },
    async (request) => pageAnswer(request.query, await searchUsers(app.db, request.query)),
  );

  app.get(
    '/users/:userId',
    {
      schema: {
        tags,
        summary: 'A user: account, referrer and referees, nodes, quests, sign-ins',
        params: userParams,
        response: responses(dataEnvelope(adminUserDetailSchema), 400, 401, 403, 404, 429),
      },
      config: READ_LIMIT,
    },
    async (request) => {
      const detail = await userDetail(app.db, request.params.userId);
      if (!detail) throw notFound(ADMIN_MESSAGES.userNotFound);
      return okAnswer(detail);
    },
  );

  app.get(
    '/users/:userId/transactions',
    {
      schema: {
        tags,
        summary: "A user's ledger, newest first",
        params: userParams,
        querystring: pageQuerySchema,
        response: responses(listEnvelope(adminLedgerRowSchema), 400, 401, 403, 429),
      },
      config: READ_LIMIT,
    },
    async (request) =>
      pageAnswer(
        request.query,
        await transactionHistory(app, request.params.userId, {
          ...request.query,
          season: undefined,
          startDate: undefined,
          endDate: undefined,
        }),
      ),
  );

  app.post(
    '/users/:userId/actions',
    {
      schema: {
        tags,
        summary: 'Verify, ban, unban, set boost, restore streak or set role (audited)',
        params: userParams,
        body: adminUserActionSchema,
        response: responses(messageEnvelopeSchema, 400, 401, 403, 404, 409, 429),
      },
      config: WRITE_LIMIT,
    },
    async (request) => {
      const outcome = await runUserAction(
        adminOf(request),
        request.params.userId,
        request.body,
        app.clock.now(),
      );
      return answer(answered(outcome).message);
    },
  );

  app.post(
    '/bans',
    {
      schema: {
        tags,
        summary: 'Ban many accounts with one reason (audited, each on its own)',
        body: adminBulkBanSchema,
        response: responses(dataEnvelope(adminBulkOutcomeSchema), 400, 401, 403, 429),
      },
      config: WRITE_LIMIT,
    },
    async (request) => {
      const actor = adminOf(request);
      const { reason, notice } = request.body;
      return bulkAnswer(
        await eachOnItsOwn(request.body.userIds, (userId) =>
          banAccount(app.db, actor, userId, { reason, notice }, app.clock.now()),
        ),
        'banned',
      );
    },
  );

  app.get(
    '/invites',
    {
      schema: {
        tags,
        summary: 'Invites, newest first, with uses left',
        querystring: pageQuerySchema,
        response: responses(listEnvelope(adminInviteSchema), 400, 401, 403, 429),
      },
      config: READ_LIMIT,
    },
    async (request) => {
      const found = await invitesPage(app.db, request.query);
      return pageAnswer(request.query, { ...found, rows: found.rows.map(toAdminInvite) });
    },
  );

  app.post(
    '/invites',
    {
      schema: {
        tags,
        summary: 'Create an invite (audited)',
        body: createInviteRequestSchema,
        response: responses(dataEnvelope(adminInviteSchema), 400, 401, 403, 429),
      },
      config: WRITE_LIMIT,
    },
    async (request) => {
      const { value } = answered(
        await createInviteAction(app.db, adminOf(request), request.body, app.clock.now()),
      );
      return answer(`Invite ${value.code} created`, toAdminInvite({ ...value, used: 0 }));
    },
  );

  app.delete(
    '/invites/:inviteId',
    {
      schema: {
        tags,
        summary: 'Revoke an invite (audited)',
        params: inviteParams,
        response: responses(messageEnvelopeSchema, 400, 401, 403, 404, 409, 429),
      },
      config: WRITE_LIMIT,
    },
    async (request) => {
      const outcome = await revokeInvite(
        app.db,
        adminOf(request),
        request.params.inviteId,
        app.clock.now(),
      );
      return answer(answered(outcome).message);
    },
  );

  app.get(
    '/cycles',
    {
      schema: {
        tags,
        summary: 'The cycles that have started, and the next',
        response: responses(dataEnvelope(adminCyclesSchema), 401, 403, 429),
      },
      config: READ_LIMIT,
    },
    async () => {
      const cycles = await startedSeasons(app.db);
      const current = cycles.find((cycle) => cycle.isCurrent);
      return okAnswer({
        cycles: cycles.map((cycle) => ({
          name: cycle.name,
          started_at: cycle.startedAt.toISOString(),
          ends_at: iso(cycle.endsAt),
          ended_at: iso(cycle.endedAt),
          is_current: cycle.isCurrent,
        })),
        next: current ? nextCycleAfter(current.name) : null,
      });
    },
  );

  app.post(
    '/cycles',
    {
      schema: {
        tags,
        summary: 'End the current cycle and start the next (audited)',
        body: startCycleRequestSchema,
        response: responses(messageEnvelopeSchema, 400, 401, 403, 409, 429),
      },
      config: WRITE_LIMIT,
    },
    async (request) => {
      const now = app.clock.now();
      const endsAt = request.body.endsAt ? new Date(request.body.endsAt) : undefined;
      if (endsAt && endsAt <= now) {
        throw new HttpError(400, ADMIN_MESSAGES.cycleEndInvalid, {
          endsAt: [ADMIN_MESSAGES.cycleEndInvalid],
        });
      }
      const outcome = await startCycle(app.db, adminOf(request), request.body.name, endsAt, now);
      return answer(answered(outcome).message);
    },
  );

  app.get(
    '/reviews',
    {
      schema: {
        tags,
        summary: 'YouTube subscriptions waiting for review',
        response: responses(dataEnvelope(z.array(adminReviewRowSchema)), 401, 403, 429),
      },
      config: READ_LIMIT,
    },
    async () =>
      okAnswer(
        (await youtubeReviewQueue(app.db)).map((row) => ({
          user_id: row.userId,
          username: row.username,
          email: row.email,
          channel: row.channel,
        })),
      ),
  );

  app.post(
    '/reviews',
    {
      schema: {
        tags,
        summary: 'Approve or reject YouTube subscriptions (audited, each on its own)',
        body: adminReviewDecisionSchema,
        response: responses(dataEnvelope(adminBulkOutcomeSchema), 400, 401, 403, 429),
      },
      config: WRITE_LIMIT,
    },
    async (request) => {
      const actor = adminOf(request);
      const { decision } = request.body;
      return bulkAnswer(
        await eachOnItsOwn(request.body.userIds, (userId) =>
          decideYoutubeReview(app.db, actor, userId, decision, app.clock.now()),
        ),
        decision === 'approve' ? 'approved' : 'rejected',
      );
    },
  );

  app.post(
    '/announcements/preview',
    {
      schema: {
        tags,
        summary: 'How many accounts an announcement would reach, and its notice (writes nothing)',
        body: announcementSchema,
        response: responses(dataEnvelope(announcementPreviewSchema), 400, 401, 403, 429),
      },
      config: READ_LIMIT,
    },
    async (request) =>
      okAnswer(
        await previewAnnouncement(app.db, request.body, answerLocale(request), app.clock.now()),
      ),
  );

  app.post(
    '/announcements',
    {
      schema: {
        tags,
        summary: 'Send an announcement to every member or the recently active (audited)',
        body: announcementSchema,
        response: responses(dataEnvelope(announcementRowSchema), 400, 401, 403, 429),
      },
      config: WRITE_LIMIT,
    },
    async (request) => {
      const sent = await sendAnnouncement(app.db, adminOf(request), request.body, app.clock.now());
      return answer(ADMIN_MESSAGES.announcementSent, toAnnouncementRow(sent));
    },
  );

  app.get(
    '/announcements',
    {
      schema: {
        tags,
        summary: 'The announcements sent, the latest first',
        querystring: pageQuerySchema,
        response: responses(listEnvelope(announcementRowSchema), 400, 401, 403, 429),
      },
      config: READ_LIMIT,
    },
    async (request) => {
      const found = await announcementsPage(app.db, request.query);
      return pageAnswer(request.query, { ...found, rows: found.rows.map(toAnnouncementRow) });
    },
  );

  app.get(
    '/audit',
    {
      schema: {
        tags,
        summary: 'The audit log, newest first, by admin, action and date',
        querystring: auditQuerySchema,
        response: responses(listEnvelope(auditRowSchema), 400, 401, 403, 429),
      },
      config: READ_LIMIT,
    },
    async (request) => pageAnswer(request.query, await auditPage(app.db, request.query)),
  );
};

export default adminRoutes;
