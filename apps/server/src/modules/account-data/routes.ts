/**
 * The person's data under /v1/api/account (issue 29), a web session's only: everything the
 * product holds about the account as one JSON download, and the account's deletion.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_DATA_MESSAGES,
  accountExportSchema,
  deleteAccountRequestSchema,
  messageEnvelopeSchema,
} from '@netpulse/shared';
import { CSV_EXPORT_MESSAGES, CSV_EXPORT_RATE_LIMIT } from '../../lib/csv-export.ts';
import { ExportSlots } from '../../lib/export-slots.ts';
import { rateLimit } from '../../lib/rate-limit.ts';
import { answer, responses } from '../../lib/replies.ts';
import { sessionUserOf } from '../../lib/session-user.ts';
import { sendStreamedExport } from '../../lib/streamed-export.ts';
import { clearRefreshCookie } from '../auth/index.ts';
import type { SecondFactorCheck } from '../two-factor/index.ts';
import { deleteAccount } from './account-deletion.ts';
import { accountExport } from './account-export.ts';

const tags = ['account'];

/** A few a quarter hour per address, as a password reset: each runs argon2 and may delete. */
const DELETION_RATE_LIMIT = rateLimit(10, '15 minutes');

export interface AccountDataRoutesOptions {
  /** Whether the account's second factor proves the deletion (the two-factor module's). */
  confirmSecondFactor: SecondFactorCheck;
  /** The exports each account has running, shared with the CSV exports. */
  exportSlots: ExportSlots;
  /** Rows per statement of the export's lists (db/keyset-chunks.ts); tests make it small. */
  exportChunkRows?: number;
}

const accountDataRoutes: FastifyPluginAsyncZod<AccountDataRoutesOptions> = async (app, options) => {
  // The app's one login throttle: a wrong password here counts as a failed login.
  const loginLimiter = app.loginThrottle.limiter;
  // One export of the person's data at a time per account, besides the shared slots.
  const accountExportSlots = new ExportSlots(1);

  app.get(
    '/account/export',
    {
      schema: {
        tags,
        summary:
          'Everything the product holds about the account, as one JSON document, streamed as a download',
        response: responses(
          {
            description: 'The account’s data (accountExportSchema), sent as an attachment',
            content: { 'application/json': { schema: accountExportSchema } },
          },
          401,
          404,
          429,
        ),
      },
      config: CSV_EXPORT_RATE_LIMIT,
    },
    async (request, reply) =>
      sendStreamedExport(
        request,
        reply,
        accountExport(app, sessionUserOf(request).id, options.exportChunkRows),
        [
          { slots: accountExportSlots, refusal: ACCOUNT_DATA_MESSAGES.exportRunning },
          { slots: options.exportSlots, refusal: CSV_EXPORT_MESSAGES.stillRunning },
        ],
      ),
  );

  app.delete(
    '/account',
    {
      schema: {
        tags,
        summary:
          'Delete the account: the username typed as written, the password, and a code when two-factor sign-in is on',
        body: deleteAccountRequestSchema,
        response: responses(messageEnvelopeSchema, 400, 401, 404, 409, 429),
      },
      config: DELETION_RATE_LIMIT,
    },
    async (request, reply) => {
      const checks = { loginLimiter, confirmSecondFactor: options.confirmSecondFactor };
      await deleteAccount(app, checks, sessionUserOf(request).id, request.body, request.ip);
      // The session that asked is gone: its browser may drop the refresh cookie now.
      clearRefreshCookie(reply, app.config);
      return answer(ACCOUNT_DATA_MESSAGES.accountDeleted);
    },
  );
};

export default accountDataRoutes;
