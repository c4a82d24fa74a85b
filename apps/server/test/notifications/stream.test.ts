/**
 * The live unread count (issue 30): GET /v1/api/notifications/stream says `event: unread`
 * when it opens and whenever the reader's count changes (a new notice, a mark-read), ends
 * when the app closes, and reaches a stream opened on another server of the same database
 * through Redis, or through PostgreSQL's LISTEN/NOTIFY without Redis.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPostgres } from '../../src/db/client.ts';
import { inTransaction } from '../../src/db/transaction.ts';
import { notify } from '../../src/modules/notifications/index.ts';
import { signedInPerson, type SignedIn } from '../helpers/auth-flow.ts';
import { API, userIdOf } from '../helpers/points.ts';
import { createTestApp, useTestApp, type TestApp } from '../helpers/test-app.ts';
import { freshPostgresDatabase } from '../helpers/test-database.ts';
import { qualifiedNotice } from '../helpers/notices.ts';

/** A stream read as the web app reads it: fetch with the bearer token, events one by one. */
interface EventReader {
  contentType: string | null;
  /** The next `event: unread`'s count; null when the stream ended first. */
  nextUnread(): Promise<number | null>;
  cancel(): Promise<void>;
}

async function openStream(baseUrl: string, person: SignedIn): Promise<EventReader> {
  const response = await fetch(`${baseUrl}${API}/notifications/stream`, {
    headers: { authorization: `Bearer ${person.accessToken}` },
  });
  expect(response.status).toBe(200);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  return {
    contentType: response.headers.get('content-type'),
    async nextUnread() {
      for (;;) {
        const end = buffered.indexOf('\n\n');
        if (end >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const lines = block.split('\n');
          if (lines[0] !== 'event: unread') continue;
          const data = lines.find((line) => line.startsWith('data: '));
          return (JSON.parse(data!.slice(6)) as { unread: number }).unread;
        }
        const chunk = await reader.read();
        if (chunk.done) return null;
        buffered += chunk.value;
      }
    },
    cancel: () => reader.cancel(),
  };
}

async function listening(t: TestApp): Promise<string> {
  return t.app.listen({ port: 0, host: '127.0.0.1' });
}

describe('GET /v1/api/notifications/stream', () => {
  const t = useTestApp();

  it('says the unread count when it opens and at each change, and ends when the app closes', async () => {
    const person = await signedInPerson(t);
    const userId = await userIdOf(t, person);
    await inTransaction(t.database.db, (tx) => notify(tx, qualifiedNotice(userId, 'ana')));
    const stream = await openStream(await listening(t), person);
    expect(stream.contentType).toBe('text/event-stream; charset=utf-8');
    expect(await stream.nextUnread()).toBe(1);

    await inTransaction(t.database.db, (tx) => notify(tx, qualifiedNotice(userId, 'bob')));
    expect(await stream.nextUnread()).toBe(2);

    const read = await t.app.inject({
      method: 'POST',
      url: `${API}/notifications/read`,
      headers: { authorization: `Bearer ${person.accessToken}` },
      payload: { all: true },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(await stream.nextUnread()).toBe(0);

    // Another account's notice says nothing on this stream: the next event is this reader's.
    const other = await signedInPerson(t);
    const otherId = await userIdOf(t, other);
    await inTransaction(t.database.db, (tx) => notify(tx, qualifiedNotice(otherId, 'cy')));
    await inTransaction(t.database.db, (tx) => notify(tx, qualifiedNotice(userId, 'dee')));
    expect(await stream.nextUnread()).toBe(1);

    await t.app.close();
    expect(await stream.nextUnread()).toBeNull();
  });

  it('refuses a caller without a session', async () => {
    const response = await fetch(`${await listening(t)}${API}/notifications/stream`);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { success: boolean }).success).toBe(false);
  });
});

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(databaseUrl && redisUrl)('two servers on one PostgreSQL database', () => {
  const opened: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const closing of opened.splice(0).reverse()) await closing.close();
  });

  async function twoServers(env: Record<string, string>): Promise<[TestApp, TestApp]> {
    const database = (await freshPostgresDatabase())!;
    opened.push({ close: database.drop });
    const shared = {
      ...env,
      DATABASE_URL: database.url,
      AUTH_SECRET: randomBytes(32).toString('hex'),
    };
    const a = await createTestApp({ env: shared, database: fromPostgres(database.url, 4) });
    opened.push(a);
    const b = await createTestApp({ env: shared, database: fromPostgres(database.url, 4) });
    opened.push(b);
    return [a, b];
  }

  it.each([
    ['Redis pub/sub', { REDIS_URL: redisUrl ?? '' }],
    ['LISTEN/NOTIFY without Redis', {}],
  ])('a notice made through app A reaches a stream opened on app B (%s)', async (_name, env) => {
    const [a, b] = await twoServers(env);
    const person = await signedInPerson(a);
    const stream = await openStream(await listening(b), person);
    expect(await stream.nextUnread()).toBe(0);

    const userId = await userIdOf(a, person);
    await inTransaction(a.database.db, (tx) => notify(tx, qualifiedNotice(userId, 'ana')));
    expect(await stream.nextUnread()).toBe(1);
    await stream.cancel();
  });
});
