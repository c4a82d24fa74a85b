/**
 * Who reads GET /metrics (docs/ARCHITECTURE.md section 8): this machine without a
 * token; anyone else only with METRICS_TOKEN as a bearer token, and nobody
 * else at all when it is not set.
 */
import { describe, expect, it } from 'vitest';
import { METRICS_MESSAGES } from '../../src/modules/metrics/routes.ts';
import { parseSamples } from '../helpers/prometheus.ts';
import { useTestApp } from '../helpers/test-app.ts';

const TOKEN = 'metrics-token-of-the-tests-0123456789';
const OUTSIDE = '203.0.113.7';

const metrics = (
  t: ReturnType<typeof useTestApp>,
  options: { remoteAddress?: string; authorization?: string; forwardedFor?: string } = {},
) =>
  t.app.inject({
    method: 'GET',
    url: '/metrics',
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    headers: {
      ...(options.authorization ? { authorization: options.authorization } : {}),
      ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
    },
  });

/** A 200 in the Prometheus text format, holding this app's series. */
function expectMetricsText(response: Awaited<ReturnType<typeof metrics>>) {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  expect(response.body).toContain('# TYPE netpulse_http_request_duration_seconds histogram');
  expect(parseSamples(response.body).length).toBeGreaterThan(20);
}

describe('GET /metrics without METRICS_TOKEN', () => {
  const t = useTestApp();

  it('answers a scraper on this machine, over IPv4 and IPv6 loopback', async () => {
    expectMetricsText(await metrics(t, { remoteAddress: '127.0.0.1' }));
    expectMetricsText(await metrics(t, { remoteAddress: '127.0.0.53' }));
    expectMetricsText(await metrics(t, { remoteAddress: '::1' }));
    expectMetricsText(await metrics(t, { remoteAddress: '::ffff:127.0.0.1' }));
  });

  it('refuses everyone else with 403, saying how to open it, whatever token they bring', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
      const response = await metrics(t, { remoteAddress: OUTSIDE, authorization });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ success: false, message: METRICS_MESSAGES.loopbackOnly });
      expect(response.body).not.toContain('netpulse_');
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const t = useTestApp({ env: { METRICS_TOKEN: TOKEN } });

  it('still answers this machine without a token', async () => {
    expectMetricsText(await metrics(t));
  });

  it('answers a scraper elsewhere that brings the token as a bearer token', async () => {
    expectMetricsText(
      await metrics(t, { remoteAddress: OUTSIDE, authorization: `Bearer ${TOKEN}` }),
    );
    expectMetricsText(
      await metrics(t, { remoteAddress: '2001:db8::1', authorization: `bearer ${TOKEN}` }),
    );
  });

  it('refuses a missing or wrong token from elsewhere with 401 and the envelope', async () => {
    const wrong = [
      undefined,
      'Bearer',
      `Bearer ${TOKEN.slice(0, -1)}x`,
      `Bearer ${TOKEN}x`,
      `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ];
    for (const authorization of wrong) {
      const response = await metrics(t, { remoteAddress: OUTSIDE, authorization });
      expect({ authorization, status: response.statusCode }).toEqual({
        authorization,
        status: 401,
      });
      expect(response.json()).toEqual({ success: false, message: METRICS_MESSAGES.tokenNeeded });
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    }
  });

  it('is rate limited like the other routes', async () => {
    let last = await metrics(t, { remoteAddress: OUTSIDE });
    for (let request = 1; request < 120; request++) {
      last = await metrics(t, { remoteAddress: OUTSIDE });
    }
    expect(last.statusCode).toBe(401);
    const limited = await metrics(t, { remoteAddress: OUTSIDE, authorization: `Bearer ${TOKEN}` });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false });
    // Counted per address: this machine's scraper is not held back by it.
    expectMetricsText(await metrics(t));
  });
});

describe('GET /metrics behind a trusted proxy on this machine', () => {
  const t = useTestApp({ env: { TRUST_PROXY: '127.0.0.1', METRICS_TOKEN: TOKEN } });

  it('judges the forwarded client, so an outside request through the proxy needs the token', async () => {
    const forwarded = await metrics(t, { remoteAddress: '127.0.0.1', forwardedFor: OUTSIDE });
    expect(forwarded.statusCode).toBe(401);
    expect(forwarded.json()).toEqual({ success: false, message: METRICS_MESSAGES.tokenNeeded });
    expectMetricsText(
      await metrics(t, {
        remoteAddress: '127.0.0.1',
        forwardedFor: OUTSIDE,
        authorization: `Bearer ${TOKEN}`,
      }),
    );
    // The proxy's own request (or a local scraper's) is still this machine.
    expectMetricsText(await metrics(t, { remoteAddress: '127.0.0.1' }));
  });
});
