/**
 * The notices' delivery (issue 30): 10,000 accounts each get a node-offline notice, made by
 * `notify` in one transaction (the in-app notices and their 10,000 mail jobs), and a real
 * server delivers the mails through its job queue to a local SMTP sink. Reported: the
 * statement's time, the delivery rate (mails/s) and the queue's latency (p50/p95, from the
 * notices' commit to each mail's acceptance), against a baseline measured in the same run:
 * the same number of mails sent straight with the server's SMTP mailer, no queue, at the
 * queue's concurrency (its batch of 20).
 */
import { sql } from 'drizzle-orm';
import {
  createSmtpMailer,
  inTransaction,
  noticeMail,
  notify,
  prepareDatabase,
  rowsOf,
  startSmtpSink,
} from '@netpulse/server/tooling';
import type { BenchDatabase } from '../lib/bench-database.ts';
import { fixed, percent, table, whole, type Section } from '../lib/report.ts';
import { serverSettings, startServer } from '../lib/server-process.ts';

export interface NotificationsBenchOptions {
  database: BenchDatabase;
  accounts: number;
}

/** The job queue's batch: the mails a server sends at once (modules/jobs/job-queue.ts). */
const QUEUE_CONCURRENCY = 20;

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;

/** `accounts` members in one statement (no sessions: nobody signs in). */
async function seedAccounts(database: BenchDatabase, accounts: number): Promise<number[]> {
  const handle = await database.open();
  try {
    await prepareDatabase(handle);
    const result = await handle.db.execute(sql`
      insert into users (email, username, password_hash, referral_code, email_verified_at)
      select 'bench' || n || '@example.com', 'bench_' || n, 'x', 'BENCH' || n, now()
      from generate_series(1, ${accounts}) as n
      returning id`);
    return rowsOf<{ id: number }>(result).map((row) => row.id);
  } finally {
    await handle.close();
  }
}

/** The baseline: as many mails straight to the sink with the mailer, `QUEUE_CONCURRENCY` at once. */
async function sendStraight(smtpUrl: string, count: number): Promise<number> {
  const mailer = createSmtpMailer(smtpUrl, 'Netpulse <no-reply@localhost>');
  const context = { productName: 'Netpulse', publicUrl: 'http://127.0.0.1', locale: 'en' as const };
  let next = 0;
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: QUEUE_CONCURRENCY }, async () => {
      while (next < count) {
        const n = next++;
        await mailer.send(
          noticeMail(
            context,
            `bench${n}@example.com`,
            {
              title: 'kitchen went quiet',
              body: 'Your node kitchen has not been heard from for 30 minutes.',
              link: 'http://127.0.0.1/nodes',
            },
            {
              messageId: `<baseline-${n}@127.0.0.1>`,
              unsubscribeUrl: 'http://127.0.0.1/v1/api/notifications/unsubscribe?token=x',
            },
          ),
        );
      }
    }),
  );
  await mailer.close?.();
  return (performance.now() - startedAt) / 1000;
}

export async function runNotificationsBench(options: NotificationsBenchOptions): Promise<Section> {
  const { database, accounts } = options;
  const userIds = await seedAccounts(database, accounts);
  const sink = await startSmtpSink();
  try {
    const baselineSeconds = await sendStraight(sink.url, accounts);
    sink.accepted.length = 0;

    const server = await startServer(
      await serverSettings(database.serverEnv, { SMTP_URL: sink.url, JOBS_POLL_MS: '50' }),
    );
    let notifySeconds = 0;
    let committedAt = 0;
    try {
      const handle = await database.open();
      try {
        const startedAt = performance.now();
        await inTransaction(handle.db, (tx) =>
          notify(
            tx,
            userIds.map((userId) => ({
              userId,
              type: 'node_offline' as const,
              params: { node: 'kitchen', minutes: 30 },
              link: '/nodes',
              dedupeKey: `bench-offline:${userId}`,
            })),
          ),
        );
        notifySeconds = (performance.now() - startedAt) / 1000;
        committedAt = Date.now();
      } finally {
        await handle.close();
      }
      const deadline = Date.now() + 600_000;
      while (sink.accepted.length < accounts && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await server.stop();
    }

    const delivered = new Set(sink.accepted.map((mail) => mail.messageId)).size;
    const latencies = sink.accepted
      .map((mail) => mail.acceptedAt - committedAt)
      .sort((a, b) => a - b);
    const lastAt = Math.max(...sink.accepted.map((mail) => mail.acceptedAt));
    const queueSeconds = (lastAt - committedAt) / 1000;
    const rate = delivered / queueSeconds;
    const baselineRate = accounts / baselineSeconds;
    return {
      title: 'Notifications: mail delivery through the job queue',
      body: [
        `${whole(accounts)} node-offline notices made by \`notify\` in one transaction ` +
          `(${fixed(notifySeconds, 2)} s for the notices and their ${whole(accounts)} mail jobs), ` +
          `on ${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}; a real server delivered them to a local SMTP sink.`,
        '',
        table(
          ['', 'mails', 'seconds', 'mails/s', 'of the baseline'],
          [
            [
              'straight with the mailer (baseline)',
              whole(accounts),
              fixed(baselineSeconds, 2),
              whole(baselineRate),
              '100 %',
            ],
            [
              'through the job queue',
              whole(delivered),
              fixed(queueSeconds, 2),
              whole(rate),
              percent(rate / baselineRate),
            ],
          ],
        ),
        '',
        `Queue latency, the notices' commit to each mail's acceptance: p50 ${whole(percentile(latencies, 0.5))} ms, ` +
          `p95 ${whole(percentile(latencies, 0.95))} ms. Mails delivered twice: ${sink.accepted.length - delivered}.`,
      ].join('\n'),
      targets: [
        {
          name: `every one of the ${whole(accounts)} mails delivered once`,
          met: delivered === accounts && sink.accepted.length === accounts,
        },
      ],
    };
  } finally {
    await sink.close();
  }
}
