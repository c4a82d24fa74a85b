/**
 * Bodies the server sends again and again (the web app's pages, the explorer's answers), kept
 * with their compressed copies: each copy is made once, at the first request that takes it, in
 * zlib's thread pool, so the event loop never compresses. The build's own files have copies
 * made at build time (apps/web/precompress-plugin.ts, docs/decisions/049).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type ContentEncoding = 'br' | 'gzip';

/** Below this a body is sent as it is: a compressed copy's header and a call cost more. */
export const COMPRESS_FROM_BYTES = 1_024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * How hard to compress: `smallest` for bodies made once and kept (a page), `quick` for bodies
 * remade every few seconds (an answer of up to megabytes, whose first request waits for it).
 */
export type CompressionEffort = 'smallest' | 'quick';

const BROTLI_QUALITY: Record<CompressionEffort, number> = {
  smallest: constants.BROTLI_MAX_QUALITY,
  quick: 5,
};

function compress(plain: Buffer, encoding: ContentEncoding, effort: CompressionEffort) {
  if (encoding === 'gzip') return gzipped(plain, { level: effort === 'smallest' ? 9 : 6 });
  return brotli(plain, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort],
      [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
    },
  });
}

/**
 * The encoding to send for a request's `Accept-Encoding` (RFC 9110 section 12.5.3): Brotli,
 * else gzip, each when named (gzip also as `x-gzip`) or covered by `*`, with a weight above
 * zero; null for the body as it is.
 */
export function chosenEncoding(header: string | undefined): ContentEncoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const weight = parameters.find((parameter) => parameter.startsWith('q='));
    const q = weight === undefined ? 1 : Number(weight.slice(2));
    weights.set(name, Number.isFinite(q) ? q : 0);
  }
  const any = weights.get('*');
  const accepted = (names: string[]) => {
    const named = names.map((name) => weights.get(name)).find((q) => q !== undefined);
    const q = named ?? any;
    return q !== undefined && q > 0;
  };
  if (accepted(['br'])) return 'br';
  if (accepted(['gzip', 'x-gzip'])) return 'gzip';
  return null;
}

/** A body to send, with its compressed copies once asked for. */
export class CompressibleBody {
  private readonly copies: Partial<Record<ContentEncoding, Promise<Buffer | null>>> = {};

  constructor(
    readonly plain: Buffer,
    private readonly effort: CompressionEffort,
  ) {}

  /**
   * The bytes to send for a request that takes `encoding`: its compressed copy, or the body as
   * it is when it is small or none is taken. Should a compression ever fail, this request
   * sends the plain bytes and the next one tries again.
   */
  async bytesFor(
    encoding: ContentEncoding | null,
  ): Promise<{ bytes: Buffer; encoding: ContentEncoding | null }> {
    if (!encoding || this.plain.length < COMPRESS_FROM_BYTES) {
      return { bytes: this.plain, encoding: null };
    }
    this.copies[encoding] ??= compress(this.plain, encoding, this.effort).catch(() => {
      delete this.copies[encoding];
      return null;
    });
    const copy = await this.copies[encoding];
    return copy ? { bytes: copy, encoding } : { bytes: this.plain, encoding: null };
  }
}

/**
 * Sends `body` in the best encoding the request accepts, with its `Content-Encoding`. The
 * caller's `Vary` names `Accept-Encoding` (with whatever else chose the body), since which
 * bytes went out depends on it.
 */
export async function sendCompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CompressibleBody,
): Promise<FastifyReply> {
  const { bytes, encoding } = await body.bytesFor(
    chosenEncoding(request.headers['accept-encoding']),
  );
  if (encoding) void reply.header('content-encoding', encoding);
  return reply.send(bytes);
}
