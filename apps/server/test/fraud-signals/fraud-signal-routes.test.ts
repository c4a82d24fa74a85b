/**
 * GET /v1/admin/fraud-signals in the real app, as an admin: its query is
 * bounded by the contract (400 with a message per field), and it answers the
 * envelope with the signals of the app's clock.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { dataEnvelope, SERVER_MESSAGES } from '@netpulse/shared';
import { fraudSignalsSchema } from '@netpulse/shared/admin';
import { signedInAdmin } from '../helpers/admins.ts';
import { type SignedIn } from '../helpers/auth-flow.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { memberFrom } from './plant.ts';

const t = useTestApp();
let admin: SignedIn;

beforeEach(async () => {
  admin = await signedInAdmin(t);
});

const get = (query: string) =>
  t.app.inject({
    method: 'GET',
    url: `/v1/admin/fraud-signals${query}`,
    headers: { authorization: `Bearer ${admin.accessToken}` },
  });

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

  it("says the signals in the admin's language: its account's, Russian here", async () => {
    const farm = '203.0.113.91';
    for (let i = 0; i < 4; i++) await memberFrom(t, { from: farm });
    const chosen = await t.app.inject({
      method: 'PATCH',
      url: '/v1/api/account/preferences',
      headers: { authorization: `Bearer ${admin.accessToken}` },
      payload: { locale: 'ru' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);

    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/fraud-signals',
      headers: { authorization: `Bearer ${admin.accessToken}`, 'accept-language': 'ru' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [signal] = dataEnvelope(fraudSignalsSchema).parse(response.json()).data.signals;
    expect(signal?.summary).toBe(
      `4 аккаунта тестировали или входили с адреса ${farm} за последние 24 часа`,
    );
    for (const account of signal?.accounts ?? []) {
      expect(account.evidence).toEqual([
        expect.stringMatching(
          new RegExp(
            `^вход с адреса ${farm.replaceAll('.', '\\.')} в \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC$`,
          ),
        ),
      ]);
    }
  });
});
