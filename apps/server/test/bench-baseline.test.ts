import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app.ts';

describe('the benchmark baseline route', () => {
  const t = useTestApp();

  it('does not exist unless BENCH_BASELINE_ROUTE asks for it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/api/bench/baseline' });
    expect(response.statusCode).toBe(404);
  });
});

describe('the benchmark baseline route when asked for', () => {
  const t = useTestApp({ env: { BENCH_BASELINE_ROUTE: 'true' } });

  it('answers a constant and stays out of OpenAPI', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/api/bench/baseline' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, data: { ok: true } });
    const docs = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(docs.json().paths['/v1/api/bench/baseline']).toBeUndefined();
  });
});
