/**
 * Every route the app serves, read from the app itself, so a test that walks
 * them covers a new route without being told. Fastify's route tree gives the
 * routes (documented or not); the OpenAPI document gives, for the documented
 * ones, the inputs they declare.
 */
import type { FastifyInstance } from 'fastify';

export interface RouteInput {
  name: string;
  in: 'path' | 'query';
}

export interface CatalogRoute {
  method: string;
  /** Fastify's pattern, with `:param` and `*`. */
  url: string;
  /** Path and query parameters from the OpenAPI document. */
  parameters: RouteInput[];
  /** The JSON body's top-level fields from the OpenAPI document; null when it declares no body. */
  bodyFields: string[] | null;
  requiredBodyFields: string[];
}

interface OpenApiOperation {
  parameters?: { name: string; in: string }[];
  requestBody?: {
    content?: Record<string, { schema?: { properties?: object; required?: string[] } }>;
  };
}

/** Method and full URL of every route in Fastify's tree (`printRoutes`), HEAD left out. */
export function routesOf(app: FastifyInstance): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[└├]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = Math.floor(match[1]!.length / 4);
    const segment = match[2]!;
    parents.length = depth;
    parents[depth] = segment;
    const url = parents.join('').replace(/\/{2,}/g, '/');
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method && method !== '-' && method !== 'HEAD') routes.push({ method, url });
    }
  }
  return routes;
}

const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The routes with the inputs the OpenAPI document declares for them. */
export function routeCatalog(app: FastifyInstance): CatalogRoute[] {
  const document = app.swagger() as { paths?: Record<string, Record<string, OpenApiOperation>> };
  return routesOf(app).map(({ method, url }) => {
    const operation = document.paths?.[openApiPath(url)]?.[method.toLowerCase()];
    const body = operation?.requestBody?.content?.['application/json']?.schema;
    const pathParameters = [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
    const declared = (operation?.parameters ?? [])
      .filter((p) => p.in === 'query')
      .map((p) => ({ name: p.name, in: 'query' as const }));
    return {
      method,
      url,
      parameters: [...pathParameters.map((name) => ({ name, in: 'path' as const })), ...declared],
      bodyFields: body ? Object.keys(body.properties ?? {}) : null,
      requiredBodyFields: body?.required ?? [],
    };
  });
}
