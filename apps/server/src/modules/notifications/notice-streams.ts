/**
 * The live streams this server holds (GET /v1/api/notifications/stream): each reader's
 * `event: unread` when the stream opens and whenever their unread count changes, wherever the
 * change was made (unread-fan-out.ts), a comment every 25 s so proxies keep it open, and an
 * end when the app closes or the reader's session ends. A reader that does not keep up
 * (its socket's buffer full) is dropped, never waited for.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../lib/session-user.ts';
import { unreadCountOf } from './notifications-repository.ts';
import { openUnreadFanOut, type UnreadFanOut } from './unread-fan-out.ts';
import { onUnreadChanged } from './unread-signal.ts';

export const KEEP_ALIVE_MS = 25_000;

/** Bytes a reader may leave unread before it is dropped. */
const MOST_BUFFERED_BYTES = 64 * 1024;

/** Whether the session a stream was opened with is still live (auth's check, from app.ts). */
export type SessionCheck = (user: SessionUser) => Promise<boolean>;

interface Stream {
  user: SessionUser;
  response: ServerResponse;
}

export interface NoticeStreams {
  /** Serves `response` as the reader's stream until it closes. */
  open(user: SessionUser, response: ServerResponse): Promise<void>;
}

export async function openNoticeStreams(
  app: FastifyInstance,
  sessionIsLive: SessionCheck,
  keepAliveMs = KEEP_ALIVE_MS,
): Promise<NoticeStreams> {
  const byUser = new Map<number, Set<Stream>>();

  function end(stream: Stream): void {
    const streams = byUser.get(stream.user.id);
    streams?.delete(stream);
    if (streams?.size === 0) byUser.delete(stream.user.id);
    if (!stream.response.writableEnded) stream.response.end();
  }

  function write(stream: Stream, text: string): void {
    if (stream.response.writableLength > MOST_BUFFERED_BYTES) {
      stream.response.destroy();
      return;
    }
    stream.response.write(text);
  }

  const unreadEvent = (unread: number) => `event: unread\ndata: ${JSON.stringify({ unread })}\n\n`;

  async function tellUnread(userId: number): Promise<void> {
    const streams = byUser.get(userId);
    if (!streams) return;
    const unread = await unreadCountOf(app.db, userId);
    for (const stream of byUser.get(userId) ?? []) write(stream, unreadEvent(unread));
  }

  function deliver(userIds: number[]): void {
    for (const userId of userIds) {
      if (!byUser.has(userId)) continue;
      tellUnread(userId).catch((error: unknown) => {
        app.log.warn({ err: error }, 'an unread count could not be told');
      });
    }
  }

  const fanOut: UnreadFanOut = await openUnreadFanOut(
    {
      db: app.db,
      databaseKind: app.database.kind,
      databaseUrl: app.config.DATABASE_URL,
      redisUrl: app.config.REDIS_URL,
      log: app.log,
    },
    deliver,
  );
  const stopListening = onUnreadChanged(app.db, (userIds) => fanOut.publish(userIds));

  const keepAlive = setInterval(() => {
    for (const streams of byUser.values()) {
      for (const stream of streams) {
        write(stream, ': keep-alive\n\n');
        sessionIsLive(stream.user).then(
          (live) => {
            if (!live) end(stream);
          },
          () => {},
        );
      }
    }
  }, keepAliveMs);
  keepAlive.unref();

  // Before the server stops taking connections: it would otherwise wait for the streams.
  app.addHook('preClose', async () => {
    clearInterval(keepAlive);
    stopListening();
    for (const streams of [...byUser.values()]) for (const stream of [...streams]) end(stream);
    await fanOut.close();
  });

  return {
    async open(user, response) {
      const stream: Stream = { user, response };
      let streams = byUser.get(user.id);
      if (!streams) byUser.set(user.id, (streams = new Set()));
      streams.add(stream);
      response.on('close', () => end(stream));
      write(stream, unreadEvent(await unreadCountOf(app.db, user.id)));
    },
  };
}
