/**
 * Hostile input on every route (read from the app, see route-catalog.ts), as
 * fast-check properties: wrong types, missing and extra fields, huge and Unicode
 * strings, SQL and markup, bad dates and page numbers, huge page sizes, bodies
 * that are not JSON. Whatever comes, the answer is never a 5xx, a refusal is the
 * envelope `{ success: false, message, errors? }` (per-field errors when the
 * input was invalid), and a refused request changes nothing in the database.
 *
 * Each hostile request is sent in the same turn of the event loop as valid reads
 * of another person, which the server batches with it (db/batched-read.ts): they
 * must get exactly the answer they get alone (no request can fail another). The
 * app's log must hold no error line for the whole run.
 *
 * HOSTILE_RUNS sets the requests per route (CI runs a few; `npm run
 * test:reliability` many); the figures are printed at the end.
 */
import { ADMIN_MESSAGES } from '@netpulse/shared/admin';
import { Writable } from 'node:stream';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { QUEST_MESSAGE_TEMPLATES, QUEST_PLATFORM_NAMES, SERVER_MESSAGES } from '@netpulse/shared';
import { signedInPerson, type SignedIn } from '../helpers/auth-flow.ts';
import { stateSnapshot } from '../helpers/database.ts';
import { useStandIns } from '../helpers/quests.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { call } from '../helpers/points.ts';
import { turnOnTotp } from '../helpers/two-factor.ts';
import { answerOf, VALID_READS, type Answer } from './batched-reads.ts';
import { routeCatalog, type CatalogRoute } from './route-catalog.ts';
import { english } from '../../src/lib/server-intl.ts';

const RUNS_PER_ROUTE = Number(process.env.HOSTILE_RUNS ?? 12);

const env: Record<string, string> = {
  // The per-address limits would answer most requests 429 before their input is read.
  RATE_LIMIT_DISABLED: 'true',
};
useStandIns(env);

/** The app's log lines, to find any error it logged (a 5xx, a value out of range). */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

const t = useTestApp({ env, logStream });

const SQL = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(5)',
  '" OR 1=1 --',
  "admin'--",
  '%',
  '\\',
];
const MARKUP = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{constructor.constructor("alert(1)")()}}',
];
const BAD_DATES = [
  '2026-13-45',
  '0000-00-00',
  '2026-02-30',
  'yesterday',
  '9999-99-99T99:99:99Z',
  // Real days out of the product's range: the day after 9999-12-31 is out of PostgreSQL's.
  '9999-12-31',
  '0000-01-01',
  '0001-01-01',
  '1970-01-01',
];
const BAD_NUMBERS = ['-1', '0', '1.5', '1e9', 'NaN', 'Infinity', '99999999999999999999', '0x10'];
const ODD_TEXT = ['', ' ', '\u0000', '\uFEFF', '\u202Eevil', '👩‍👩‍👧‍👦'.repeat(50), 'null', '__proto__'];

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 64 }),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.constantFrom(...SQL, ...MARKUP, ...BAD_DATES, ...BAD_NUMBERS, ...ODD_TEXT),
  fc.integer({ min: 1_000, max: 70_000 }).map((length) => 'ÿ'.repeat(length)),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 4 },
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 2 ** 53 + 1, 1e308, true, false, null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 3 }),
);

/** A query value: page numbers and sizes get their own hostile set (huge sizes included). */
const hostileQueryValue = fc.oneof(
  hostileString,
  fc.constantFrom('1000000', '2147483648', '-5', '0', '1e3', '1.5', 'all'),
);

/** A date parameter: mostly days, real and not, at and beyond the edges of what SQL holds. */
const hostileDateValue = fc.oneof(
  { arbitrary: fc.constantFrom(...BAD_DATES), weight: 3 },
  { arbitrary: hostileString, weight: 1 },
);

interface HostileRequest {
  auth: 'member' | 'none' | 'garbage';
  parameters: Record<string, string>;
  extraQuery: Record<string, string>;
  body:
    | { kind: 'fields'; fields: Record<string, unknown> }
    | { kind: 'json'; value: unknown }
    | { kind: 'raw'; text: string; contentType: string }
    | { kind: 'none' };
}

/**
 * Hostile values for any of the route's parameters; or, as often, for one query
 * parameter alone, so that the others cannot refuse the request before that
 * value goes as deep as it can (into SQL: a real day out of range once failed there).
 */
function hostileParameters(route: CatalogRoute): fc.Arbitrary<Record<string, string>> {
  const valueFor = (name: string) => (/Date$/.test(name) ? hostileDateValue : hostileQueryValue);
  const pathNames = route.parameters.filter((p) => p.in === 'path').map((p) => p.name);
  const queryNames = route.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const any = fc.record(
    Object.fromEntries(route.parameters.map((p) => [p.name, valueFor(p.name)])),
    { requiredKeys: pathNames },
  );
  if (pathNames.length > 0 || queryNames.length === 0) return any;
  const one = fc
    .constantFrom(...queryNames)
    .chain((name) => valueFor(name).map((value) => ({ [name]: value })));
  return fc.oneof(any, one);
}

function hostileRequest(route: CatalogRoute): fc.Arbitrary<HostileRequest> {
  const fieldNames = route.bodyFields ?? [];
  const fields = fc.record(Object.fromEntries(fieldNames.map((name) => [name, hostileValue])), {
    requiredKeys: [],
  });
  const extraFields = fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), hostileValue, {
    maxKeys: 3,
  });
  return fc
    .record({
      auth: fc.constantFrom('member', 'member', 'none', 'garbage'),
      parameters: hostileParameters(route),
      extraQuery: fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), hostileString, {
        maxKeys: 2,
      }),
      body: fc.oneof(
        { arbitrary: fc.tuple(fields, extraFields), weight: 4 },
        { arbitrary: fc.constant(null), weight: 1 },
        { arbitrary: fc.anything(), weight: 1 },
        {
          arbitrary: fc.record({
            text: fc.constantFrom('{"a":', '{"__proto__":{"admin":true}}', 'not json', '[1,2', ''),
            contentType: fc.constantFrom('application/json', 'text/plain', 'application/xml'),
          }),
          weight: 1,
        },
      ),
    })
    .map(({ auth, parameters, extraQuery, body }) => ({
      auth,
      parameters,
      extraQuery,
      body:
        route.method === 'GET'
          ? { kind: 'none' as const }
          : Array.isArray(body)
            ? { kind: 'fields' as const, fields: { ...body[1], ...body[0] } }
            : body !== null && typeof body === 'object' && 'contentType' in body
              ? { kind: 'raw' as const, ...(body as { text: string; contentType: string }) }
              : { kind: 'json' as const, value: body },
    }));
}

/** The member asking with an empty body and a malformed value for each path parameter. */
function memberWithEmptyBody(route: CatalogRoute): HostileRequest {
  const pathNames = route.parameters.filter((p) => p.in === 'path').map((p) => p.name);
  return {
    auth: 'member',
    parameters: Object.fromEntries(pathNames.map((name) => [name, 'not-an-id'])),
    extraQuery: {},
    body: route.method === 'GET' ? { kind: 'none' } : { kind: 'fields', fields: {} },
  };
}

function injectOptions(
  route: CatalogRoute,
  request: HostileRequest,
  member: SignedIn,
): InjectOptions {
  let url = route.url.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) =>
    encodeURIComponent(request.parameters[name] ?? ''),
  );
  url = url.replace('*', encodeURIComponent(request.parameters['*'] ?? 'x'));
  const query = new URLSearchParams(request.extraQuery);
  for (const parameter of route.parameters.filter((p) => p.in === 'query')) {
    const value = request.parameters[parameter.name];
    if (value !== undefined) query.set(parameter.name, value);
  }
  const headers: Record<string, string> = {};
  if (request.auth === 'member') headers.authorization = `Bearer ${member.accessToken}`;
  if (request.auth === 'garbage') headers.authorization = `Bearer ${'x'.repeat(40)}.e30.AAAA`;
  const options: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url: query.size > 0 ? `${url}?${query}` : url,
    headers,
  };
  if (request.body.kind === 'fields') options.payload = request.body.fields as object;
  if (request.body.kind === 'json') {
    options.payload = JSON.stringify(request.body.value) ?? 'null';
    headers['content-type'] = 'application/json';
  }
  if (request.body.kind === 'raw') {
    options.payload = request.body.text;
    headers['content-type'] = request.body.contentType;
  }
  return options;
}

/** What the walk reads of an answer. */
type Reply = Pick<LightMyRequestResponse, 'statusCode' | 'body' | 'json'>;

/** The routes whose answer is a live stream: it stays open for as long as the app runs. */
const LIVE_STREAMS = new Set(['GET /v1/api/notifications/stream']);

/**
 * Sends one request. A live stream accepted is read as far as its head (its status and
 * first bytes), then closed; a refusal ends by itself and is read whole.
 */
async function send(route: CatalogRoute, options: InjectOptions): Promise<Reply> {
  if (!LIVE_STREAMS.has(`${route.method} ${route.url}`)) return t.app.inject(options);
  const closing = new AbortController();
  const response = await t.app.inject({
    ...options,
    payloadAsStream: true,
    signal: closing.signal,
  });
  const chunks: Buffer[] = [];
  const stream = response.stream();
  stream.on('error', () => {});
  for await (const chunk of stream) {
    chunks.push(Buffer.from(chunk as Uint8Array));
    if (response.statusCode < 400) break;
  }
  closing.abort();
  const body = Buffer.concat(chunks).toString('utf8');
  return { statusCode: response.statusCode, body, json: () => JSON.parse(body) };
}

/** The refusal envelope of docs/ARCHITECTURE.md section 4. */
function expectRefusalEnvelope(response: Reply, what: string) {
  const body = response.json();
  expect(body, what).toMatchObject({ success: false, message: expect.any(String) });
  expect(
    Object.keys(body).filter((key) => !['success', 'message', 'errors'].includes(key)),
    what,
  ).toEqual([]);
  if (body.errors !== undefined) {
    for (const messages of Object.values(body.errors)) {
      expect(messages, what).toEqual(expect.arrayContaining([expect.any(String)]));
    }
  }
  if (body.message === SERVER_MESSAGES.validationFailed) {
    expect(Object.keys(body.errors ?? {}).length, `${what}: per-field errors`).toBeGreaterThan(0);
  }
}

const figures = {
  routes: 0,
  requests: 0,
  refused: 0,
  validation: 0,
  accepted: 0,
  notConfigured: 0,
};

/** docs/ARCHITECTURE.md section 4: 503 when a platform has no credentials here. */
const isNotConfigured = (response: Reply) =>
  Object.values(QUEST_PLATFORM_NAMES).some(
    (name) =>
      response.json().message ===
      english(QUEST_MESSAGE_TEMPLATES.notConfigured, { platform: name }),
  );

it('every route answers hostile input with a 4xx envelope, never a 5xx, and a refusal changes nothing', async () => {
  const member = await signedInPerson(t);
  // With the authenticator app on, the routes that take a code check what they are sent.
  await turnOnTotp(t, member);
  const bystander = await signedInPerson(t);
  const alone = new Map<string, Answer>();
  for (const path of VALID_READS) {
    alone.set(path, answerOf(await call(t, bystander, 'GET', path)));
  }
  const routes = routeCatalog(t.app);
  // The catalogue really is the app's: the documented routes are all in it.
  const documented = Object.keys((t.app.swagger() as { paths: object }).paths);
  const catalogued = new Set(routes.map((r) => r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')));
  expect(documented.filter((path) => !catalogued.has(path))).toEqual([]);
  expect(routes.length).toBeGreaterThan(documented.length);

  for (const route of routes) {
    figures.routes += 1;
    let fieldErrorsSeen = false;
    // The console's routes refuse a member (403) before reading the input, as signed-in
    // routes refuse a stranger; their validation is tested as an admin in test/admin.
    let adminOnly = false;
    await fc.assert(
      fc.asyncProperty(hostileRequest(route), async (request) => {
        const before = await stateSnapshot(t.database);
        const options = injectOptions(route, request, member);
        // Three of the bystander's reads in the same turn, a different three each time.
        const bystanderPaths = [0, 1, 2].map(
          (offset) => VALID_READS[(figures.requests * 3 + offset) % VALID_READS.length]!,
        );
        const [response, ...bystanderResponses] = await Promise.all([
          send(route, options),
          ...bystanderPaths.map((path) => call(t, bystander, 'GET', path)),
        ]);
        bystanderResponses.forEach((answer, index) => {
          const path = bystanderPaths[index]!;
          expect(answerOf(answer), `${path} beside ${route.method} ${route.url}`).toEqual(
            alone.get(path),
          );
        });
        const what = `${route.method} ${route.url} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
        figures.requests += 1;
        // The one 5xx that is an answer, not a failure: a platform without credentials here.
        if (response.statusCode === 503 && isNotConfigured(response)) {
          figures.notConfigured += 1;
          expectRefusalEnvelope(response, what);
          return;
        }
        expect(response.statusCode, what).toBeLessThan(500);
        if (response.statusCode < 400) {
          figures.accepted += 1;
          return;
        }
        figures.refused += 1;
        expectRefusalEnvelope(response, what);
        if (response.json().message === ADMIN_MESSAGES.forbidden) adminOnly = true;
        if (response.json().message === SERVER_MESSAGES.validationFailed) {
          figures.validation += 1;
          fieldErrorsSeen = true;
        }
        expect(await stateSnapshot(t.database), `${what}: the database changed`).toEqual(before);
      }),
      // Besides the drawn requests, always the member's empty body (and malformed path
      // parameters): the check below then never depends on the draw reaching the route's
      // validation (about one run in a few hundred drew none for a route, and failed CI).
      { numRuns: RUNS_PER_ROUTE, examples: [[memberWithEmptyBody(route)]] },
    );
    // A route that declares required fields must have refused some inputs field by field.
    if (route.requiredBodyFields.length > 0 && RUNS_PER_ROUTE >= 10 && !adminOnly) {
      expect(fieldErrorsSeen, `${route.method} ${route.url} never named a field`).toBe(true);
    }
  }
  const errors = logLines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
  expect(errors, 'the app logged errors').toEqual([]);
  console.log(
    `hostile input: ${figures.requests} requests on ${figures.routes} routes, ` +
      `${figures.refused} refused (${figures.validation} with per-field errors), ` +
      `${figures.accepted} accepted, ${figures.notConfigured} answered 503 (platform not ` +
      'configured), no other 5xx; each beside 3 reads of another person, all answered as alone; ' +
      `${logLines.length} log lines, no error`,
  );
}, 600_000);
