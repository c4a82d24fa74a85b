/**
 * The Redis connection that several servers share their limits through
 * (REDIS_URL). Without it every limit stays in the process's memory, which is
 * right for one server and wrong for more than one.
 */
import { Redis } from 'ioredis';

export function connectRedis(url: string): Redis {
  return new Redis(url, {
    // A request waiting on a Redis that is gone should fail soon, not hang.
    maxRetriesPerRequest: 2,
    connectTimeout: 5_000,
    // @fastify/rate-limit's store runs its script through this prefix-free client.
    lazyConnect: false,
  });
}

export type { Redis };
