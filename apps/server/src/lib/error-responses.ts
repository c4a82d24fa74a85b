import { messageEnvelopeSchema } from '@netpulse/shared';

/** Error answers share one shape; listing them documents a route's statuses in the OpenAPI. */
export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, messageEnvelopeSchema]));
