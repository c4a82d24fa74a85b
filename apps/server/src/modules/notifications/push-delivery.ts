/**
 * The `notice.push` job's handler (issue 30): writes the notice's title and body in the
 * recipient's language and hands them to the push channel. The push module and the reading
 * of the recipient's language come in as functions from app.ts, as the stream's session
 * check does: this module imports no module that calls it.
 *
 * Idempotent by the delivery key: the notice records when its push went (`pushed_at`), and
 * a job run again finds it and sends nothing. The window left: a server killed after the
 * push service took the message and before `pushed_at` is written pushes it once more on
 * the retry; a failure of one browser retries the job, so the others get it again too.
 * Push offers at-least-once; the browser shows a repeat under the same tag, replacing it.
 */
import type { CatalogLocale } from '@netpulse/i18n';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobQueue, JobToRun } from '../jobs/index.ts';
import { noticeTexts } from './notice-texts.ts';
import { markNoticePushed, noticeToPush } from './notifications-repository.ts';
import { preferencesOf } from './notifications-service.ts';
import { cellIsOn, NOTICE_PUSH_JOB, type NoticeDeliveryPayload } from './deliveries.ts';

/** What the service worker shows: `id` tags the notification, `link` is opened on a click. */
export interface PushMessage {
  id: string;
  title: string;
  body: string;
  link: string | null;
}

export interface NoticePushDependencies {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The recipient's language; undefined when the account is gone (nothing is sent). */
  localeOf(userId: number): Promise<CatalogLocale | undefined>;
  /** Sends to each of the user's browsers; throws when one failed other than by being gone. */
  sendPush(userId: number, payload: string): Promise<unknown>;
}

/** Well under the 4 KB a push service takes, with the encryption's overhead. */
const MAX_PAYLOAD_BYTES = 3_000;
const MAX_BODY_CHARS = 500;

/** The push's JSON, its body cut to stay small (the notice's page holds the whole of it). */
export function pushPayloadOf(message: PushMessage): string {
  let body = message.body;
  if (body.length > MAX_BODY_CHARS) body = `${body.slice(0, MAX_BODY_CHARS - 1)}…`;
  let payload = JSON.stringify({ ...message, body });
  while (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES && body.length > 0) {
    body = body.slice(0, Math.floor(body.length / 2));
    payload = JSON.stringify({ ...message, body });
  }
  return payload;
}

/** Registers the handler on the app's job queue. */
export function handleNoticePushes(jobs: JobQueue, dependencies: NoticePushDependencies): void {
  jobs.handle(NOTICE_PUSH_JOB, (job) => pushNotice(dependencies, job));
}

async function pushNotice(dependencies: NoticePushDependencies, job: JobToRun): Promise<void> {
  const { noticeId } = job.payload as NoticeDeliveryPayload;
  const notice = await noticeToPush(dependencies.db, noticeId);
  // Gone with its account, or pushed by an earlier run of this job.
  if (!notice || notice.pushedAt) return;
  // Turned off while the push waited for quiet hours to end: it stays unsent.
  const preferences = await preferencesOf(dependencies.db, notice.userId);
  if (!cellIsOn(preferences, notice, 'push')) return;
  const locale = await dependencies.localeOf(notice.userId);
  if (!locale) return;
  const payload = pushPayloadOf({
    id: String(notice.id),
    ...noticeTexts(locale, notice.type, notice.params),
    link: notice.link,
  });
  await dependencies.sendPush(notice.userId, payload);
  await markNoticePushed(dependencies.db, notice.id, dependencies.clock.now());
}
