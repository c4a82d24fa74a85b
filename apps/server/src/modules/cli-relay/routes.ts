/**
 * POST /v1/admin/commands: lets the admin CLI run a command through this process
 * while it owns the PGlite data directory. Loopback only, and guarded by the
 * secret in DATA_DIR/admin-secret, which only someone on this machine can read.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope } from '@netpulse/shared';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { dataDirSecret } from '../../lib/auth-secret.ts';
import { forbidden } from '../../lib/http-error.ts';
import { okAnswer, responses } from '../../lib/replies.ts';
import { ADMIN_SECRET_FILE } from './relay-address.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The admin CLI's command runner (cli/admin-commands.ts), handed in by app.ts: the
 * command line sits above the modules, so a module does not import it.
 */
export type AdminCommandRunner = (
  db: Database,
  argv: string[],
  now: Date,
  context: { database: DatabaseHandle; config: Config },
) => Promise<{ exitCode: number; stdout: string; stderr: string }>;

const cliRelayRoutes: FastifyPluginAsyncZod<{ runAdminCommand: AdminCommandRunner }> = async (
  app,
  { runAdminCommand },
) => {
  const secret = dataDirSecret(app.config, ADMIN_SECRET_FILE);
  app.post(
    '/admin/commands',
    {
      schema: {
        hide: true,
        // 4096: a FILE argument is an absolute path, up to PATH_MAX on Linux.
        body: z.object({ argv: z.array(z.string().max(4096)).max(20) }),
        response: responses(
          dataEnvelope(z.object({ exitCode: z.number(), stdout: z.string(), stderr: z.string() })),
        ),
      },
    },
    async (request) => {
      // The socket's address, not a forwarded one: a proxy must not open this door.
      const remote = request.raw.socket.remoteAddress ?? '';
      const given = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!LOOPBACK.has(remote) || !sameSecret(given, secret)) throw forbidden('Forbidden');
      const result = await runAdminCommand(app.db, request.body.argv, app.clock.now(), {
        database: app.database,
        config: app.config,
      });
      return okAnswer(result);
    },
  );
};

export default cliRelayRoutes;
