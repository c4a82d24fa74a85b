/**
 * The web app's pages (index.html and the prerendered ones, with the settings filled in) sent
 * compressed to a browser that accepts it: each page compressed once per encoding, on its
 * first request, then kept (lib/compressed-body.ts). The build's assets have compressed
 * copies of their own (apps/web/precompress-plugin.ts, docs/decisions/049).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { chosenEncoding, CompressibleBody } from '../lib/compressed-body.ts';

export interface CompressedPages {
  /** Sends `html` (one of a few fixed pages) in the best encoding the request accepts. */
  send(request: FastifyRequest, reply: FastifyReply, html: string): Promise<FastifyReply>;
}

export function compressedPages(): CompressedPages {
  // Keyed by the page itself: one of a few strings built at start, whose hash V8 keeps.
  const bodies = new Map<string, CompressibleBody>();
  const bodyOf = (html: string) => {
    let body = bodies.get(html);
    if (!body) {
      // Made once and kept for the server's life: compressed to the last byte.
      body = new CompressibleBody(Buffer.from(html), 'smallest');
      bodies.set(html, body);
    }
    return body;
  };

  return {
    async send(request, reply, html) {
      const { bytes, encoding } = await bodyOf(html).bytesFor(
        chosenEncoding(request.headers['accept-encoding']),
      );
      // Which bytes were sent depends on the request's header: caches must keep them apart.
      void reply.header('vary', appendVary(reply.getHeader('vary'), 'Accept-Encoding'));
      if (encoding) void reply.header('content-encoding', encoding);
      return reply.send(bytes);
    },
  };
}

function appendVary(current: unknown, header: string): string {
  return typeof current === 'string' && current !== '' ? `${current}, ${header}` : header;
}
