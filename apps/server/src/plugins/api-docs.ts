/** OpenAPI generated from the routes' zod schemas, browsable at /docs. */
import { createHash } from 'node:crypto';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../env.ts';

/**
 * The one inline style the docs page applies: swagger-ui's topbar draws the Swagger logo
 * as an SVG holding this <style>. Allowed by its hash, so the page needs no 'unsafe-inline'.
 * Should swagger-ui change it, the browser test of /docs reports the violation.
 */
const SWAGGER_LOGO_STYLE = '.logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}';

const styleHash = (style: string) =>
  `'sha256-${createHash('sha256').update(style).digest('base64')}'`;

/**
 * The docs page's own Content-Security-Policy (it replaces the app's on its routes): its
 * scripts, styles and fonts from this origin only, the logo's style by hash, no frames.
 */
export const DOCS_CSP: Record<string, string[]> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", styleHash(SWAGGER_LOGO_STYLE)],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'frame-ancestors': ["'none'"],
};

export default fp(
  async function apiDocs(app: FastifyInstance, options: { config: Config }) {
    await app.register(swagger, {
      openapi: {
        info: { title: `${options.config.PRODUCT_NAME} API`, version: '1.0.0' },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: DOCS_CSP });
  },
  { name: 'api-docs' },
);
