/**
 * The web app's pages (index.html and the prerendered ones, with the settings filled in) sent
 * compressed to a browser that accepts it. Each page is compressed once per encoding, on its
 * first request and off the event loop (zlib's thread pool), then kept: the same few dozen
 * pages are asked for again and again. The build's assets have compressed copies of their own
 * (apps/web/precompress-plugin.ts).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';

const COMPRESS: Record<Encoding, (page: Buffer) => Promise<Buffer>> = {
  br: (page) =>
    promisify(brotliCompress)(page, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: page.length,
      },
    }),
  gzip: (page) => promisify(gzip)(page, { level: 9 }),
};

/** Brotli where the browser takes it (every current one over HTTPS), else gzip. */
const encodings = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip'] });

export interface CompressedPages {
  /** Sends `html` (one of a few fixed pages) in the best encoding the request accepts. */
  send(request: FastifyRequest, reply: FastifyReply, html: string): Promise<FastifyReply>;
}

export function compressedPages(): CompressedPages {
  // Keyed by the page itself: one of a few strings built at start, whose hash V8 keeps.
  const copies = new Map<string, Partial<Record<Encoding, Promise<Buffer>>>>();
  const compressedCopy = (html: string, encoding: Encoding) => {
    const pageCopies = copies.get(html) ?? {};
    copies.set(html, pageCopies);
    return (pageCopies[encoding] ??= COMPRESS[encoding](Buffer.from(html)));
  };

  return {
    async send(request, reply, html) {
      const accepted = request.headers['accept-encoding'];
      const encoding = accepted ? encodings.negotiate(accepted) : null;
      // Which copy was sent depends on the request's header: caches must keep them apart.
      void reply.header('vary', appendVary(reply.getHeader('vary'), 'Accept-Encoding'));
      if (!encoding) return reply.send(html);
      return reply.header('content-encoding', encoding).send(await compressedCopy(html, encoding));
    },
  };
}

function appendVary(current: unknown, header: string): string {
  return typeof current === 'string' && current !== '' ? `${current}, ${header}` : header;
}
