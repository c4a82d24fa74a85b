/**
 * GET /fraud-signals as a plugin in a small app like the admin scope's (the
 * integrator registers it under /v1/admin behind the admin check): its query
 * is bounded by the contract (400 with a message per field), and it answers
 * the envelope with the signals of the app's clock.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataEnvelope, SERVER_MESSAGES } from '@netpulse/shared';
import { fraudSignalsSchema } from '@netpulse/shared/admin';
import fraudSignalRoutes from '../../src/modules/fraud-signals/routes.ts';
import errorHandler from '../../src/plugins/error-handler.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { memberFrom } from './plant.ts';

const t = useTestApp();
let admin: FastifyInstance;

beforeEach(async () => {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', t.database.db);
  app.decorate('clock', t.clock);
  app.decorate('config', t.config);
  await app.register(errorHandler);
  await app.register(fraudSignalRoutes, { prefix: '/v1/admin' });
  admin = app;
});
afterEach(() => admin.close());

const get = (query: string) =>
  admin.inject({ method: 'GET', url: `/v1/admin/fraud-signals${query}` });

describe('GET /v1/admin/fraud-signals', () => {
  it.each([
    ['?window=1h', 'window', 'window is 24h or 7d'],
    ['?minAccounts=0', 'minAccounts', 'minAccounts must be a whole number from 1 to 1000'],
    ['?minAccounts=2.5', 'minAccounts', 'minAccounts must be a whole number from 1 to 1000'],
    ['?minAccounts=many', 'minAccounts', 'minAccounts must be a whole number from 1 to 1000'],
    ['?minAccounts=1001', 'minAccounts', 'minAccounts must be a whole number from 1 to 1000'],
  ])('answers 400 for %s', async (query, field, message) => {
    const response = await get(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: SERVER_MESSAGES.validationFailed,
      errors: { [field]: [message] },
    });
  });

  it('answers the signals of the window, 24 hours by default', async () => {
    const farm = '203.0.113.90';
    for (let i = 0; i < 3; i++) await memberFrom(t, { from: farm });

    const byDefault = await get('');
    expect(byDefault.statusCode, byDefault.body).toBe(200);
    const body = dataEnvelope(fraudSignalsSchema).parse(byDefault.json());
    // Three accounts are not more than the default 3.
    expect(body.data).toEqual({ window: '24h', signals: [] });

    const lower = (await get('?window=7d&minAccounts=2')).json();
    expect(lower.data.window).toBe('7d');
    expect(lower.data.signals.map((signal: { key: string }) => signal.key)).toEqual([farm]);
  });
});
