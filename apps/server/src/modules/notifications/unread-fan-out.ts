/**
 * How a change of someone's unread count reaches the server that holds their live stream:
 * through Redis pub/sub when REDIS_URL is set, else through PostgreSQL's LISTEN/NOTIFY when
 * the database is PostgreSQL, else within the process (one server on PGlite). A message
 * names only users, never a notice: each server reads the count itself. Publishing is
 * fire and forget, so a broker that is slow or down never holds up a notice's transaction.
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/client.ts';
import { connectRedis, type Redis } from '../../lib/redis.ts';
import { notifyChannel } from './notifications-repository.ts';

/** The Redis channel and the PostgreSQL notification channel. */
export const UNREAD_CHANNEL = 'netpulse_unread';

/** Users per message: PostgreSQL's NOTIFY payload holds under 8,000 bytes. */
const USERS_PER_MESSAGE = 500;

export interface UnreadFanOut {
  /** Tells every server (this one too) that these users' unread counts changed. */
  publish(userIds: readonly number[]): void;
  close(): Promise<void>;
}

export interface FanOutOptions {
  db: Database;
  databaseKind: 'pglite' | 'postgres';
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  log: FastifyBaseLogger;
}

function chunks(userIds: readonly number[]): number[][] {
  const messages: number[][] = [];
  for (let start = 0; start < userIds.length; start += USERS_PER_MESSAGE) {
    messages.push(userIds.slice(start, start + USERS_PER_MESSAGE));
  }
  return messages;
}

function userIdsOf(message: string): number[] {
  const parsed: unknown = JSON.parse(message);
  return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
}

async function redisFanOut(
  url: string,
  log: FastifyBaseLogger,
  deliver: (userIds: number[]) => void,
): Promise<UnreadFanOut> {
  const publisher: Redis = connectRedis(url);
  const subscriber: Redis = connectRedis(url);
  subscriber.on('message', (_channel: string, message: string) => deliver(userIdsOf(message)));
  await subscriber.subscribe(UNREAD_CHANNEL);
  return {
    publish(userIds) {
      for (const message of chunks(userIds)) {
        publisher.publish(UNREAD_CHANNEL, JSON.stringify(message)).catch((error: unknown) => {
          log.warn({ err: error }, 'an unread change could not be published to Redis');
        });
      }
    },
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}

async function postgresFanOut(
  options: FanOutOptions & { databaseUrl: string },
  deliver: (userIds: number[]) => void,
): Promise<UnreadFanOut> {
  const listener = new pg.Client({ connectionString: options.databaseUrl });
  listener.on('notification', (notification) => {
    if (notification.channel === UNREAD_CHANNEL && notification.payload) {
      deliver(userIdsOf(notification.payload));
    }
  });
  // A listener that lost its connection hears nothing more: said, not thrown.
  listener.on('error', (error) => options.log.error({ err: error }, 'the unread listener failed'));
  await listener.connect();
  await listener.query(`LISTEN ${UNREAD_CHANNEL}`);
  return {
    publish(userIds) {
      for (const message of chunks(userIds)) {
        notifyChannel(options.db, UNREAD_CHANNEL, JSON.stringify(message)).catch(
          (error: unknown) => {
            options.log.warn({ err: error }, 'an unread change could not be notified');
          },
        );
      }
    },
    async close() {
      await listener.end().catch(() => {});
    },
  };
}

/** Opens the fan-out the server's setting calls for; `deliver` hears every change, this server's too. */
export async function openUnreadFanOut(
  options: FanOutOptions,
  deliver: (userIds: number[]) => void,
): Promise<UnreadFanOut> {
  if (options.redisUrl) return redisFanOut(options.redisUrl, options.log, deliver);
  if (options.databaseKind === 'postgres' && options.databaseUrl) {
    return postgresFanOut({ ...options, databaseUrl: options.databaseUrl }, deliver);
  }
  return {
    publish(userIds) {
      queueMicrotask(() => deliver([...userIds]));
    },
    async close() {},
  };
}
