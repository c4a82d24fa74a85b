import type { FastifyInstance } from 'fastify';

/** What the auth services use of the app; routes pass the app itself. */
export type AuthContext = Pick<
  FastifyInstance,
  'db' | 'clock' | 'config' | 'mailer' | 'authSecret' | 'log'
>;
