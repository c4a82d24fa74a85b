/**
 * The explorer's open data (issue 31, docs/decisions/042), signed out: the index of the built
 * periods' files and the files themselves, each with an ETag of its SHA-256, sent compressed to
 * a client that takes it (a month's GeoJSON runs to megabytes).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  openDataFileParamsSchema,
  openDataIndexEnvelopeSchema,
  SERVER_MESSAGES,
} from '@netpulse/shared';
import { sendCompressed } from '../../lib/compressed-body.ts';
import { isNotModified } from '../../lib/entity-tag.ts';
import { notFound } from '../../lib/http-error.ts';
import { rateLimit } from '../../lib/rate-limit.ts';
import { errorResponses, okAnswer, responses } from '../../lib/replies.ts';
import { openDataOf } from './open-data.ts';

const OPEN_DATA_RATE_LIMIT = rateLimit(60, '1 minute');
const CACHE_CONTROL = 'public, max-age=300';

const openDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const openData = openDataOf(app.db, {
    license: app.config.OPEN_DATA_LICENSE,
    productName: app.config.PRODUCT_NAME,
    publicUrl: app.config.PUBLIC_URL,
  });

  app.get(
    '',
    {
      schema: {
        tags: ['explorer'],
        summary: "The open data: each built period's files, their sizes and SHA-256 (no sign-in)",
        response: responses(openDataIndexEnvelopeSchema, 429),
      },
      config: OPEN_DATA_RATE_LIMIT,
    },
    async (_request, reply) => {
      reply.header('cache-control', CACHE_CONTROL);
      return okAnswer(await openData.index());
    },
  );

  app.get(
    '/:period/:file',
    {
      schema: {
        tags: ['explorer'],
        summary: "A built period's open data file: cells.csv, cells.geojson or countries.csv",
        params: openDataFileParamsSchema,
        response: {
          200: z.string().describe('The file: CSV (RFC 4180) or GeoJSON (RFC 7946)'),
          304: z.null().describe('Not modified: the If-None-Match ETag is the current one'),
          ...errorResponses(400, 404, 429),
        },
      },
      config: OPEN_DATA_RATE_LIMIT,
    },
    async (request, reply) => {
      const { period, file: name } = request.params;
      const file = await openData.file(period, name);
      if (!file) throw notFound(SERVER_MESSAGES.notFound);
      // The digest is of the file itself; a compressed transfer decodes to the same bytes.
      const etag = `"${file.sha256}"`;
      reply
        .header('etag', etag)
        .header('cache-control', CACHE_CONTROL)
        .header('vary', 'Accept-Encoding');
      if (isNotModified(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
      void reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${period}-${name}"`);
      return sendCompressed(request, reply, file.content);
    },
  );
};

export default openDataRoutes;
