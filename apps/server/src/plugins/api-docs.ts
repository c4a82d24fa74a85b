/** OpenAPI generated from the routes' zod schemas, browsable at /docs. */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../env.ts';

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
    await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  },
  { name: 'api-docs' },
);
