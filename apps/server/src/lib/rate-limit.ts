/**
 * A route's per-IP limit for @fastify/rate-limit (route `config`); the plugin is
 * registered with `global: false`, so only routes that spread this are limited.
 */
export const rateLimit = (max: number, timeWindow: string) => ({ rateLimit: { max, timeWindow } });
