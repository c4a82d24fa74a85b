/**
 * A download written to the reply as a stream, a piece at a time as the database hands its
 * rows over (docs/decisions/019): the lists' CSV files (csv-export.ts) and the person's data
 * (modules/account-data), so memory stays one chunk of rows whatever the file's size.
 */
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ExportSlots } from './export-slots.ts';
import { tooManyRequests } from './http-error.ts';
import type { ServerText } from './server-intl.ts';
import { sessionUserOf } from './session-user.ts';

export interface StreamedExport {
  /** The name offered; a function when it comes from the first piece's read (called after it). */
  fileName: string | (() => string);
  contentType: string;
  /**
   * The file's text, piece by piece; stops reading once the signal aborts. Its first piece
   * is read before anything is sent, so it should hold the file's first read.
   */
  pieces: (signal: AbortSignal) => AsyncGenerator<string>;
}

/** The slots an export holds while it runs, and what a refusal says when one is taken. */
export interface ExportLimit {
  slots: ExportSlots;
  /** The 429's message when the account has none of these slots free. */
  refusal: ServerText;
}

/**
 * Takes a slot of each limit, in order: the functions that give them back, or throws the
 * first full limit's 429 (having given back what it took).
 */
function takeSlots(accountId: number, limits: readonly ExportLimit[]): (() => void)[] {
  const taken: (() => void)[] = [];
  for (const limit of limits) {
    const release = limit.slots.take(accountId);
    if (!release) {
      for (const giveBack of taken) giveBack();
      throw tooManyRequests(limit.refusal);
    }
    taken.push(release);
  }
  return taken;
}

/**
 * Sends the export. The first piece is read before anything is sent, so a failure there is
 * still answered with the error envelope; a failure after the reply started is logged and
 * cuts the transfer (the client sees a failed download, never a short file that looks
 * whole). A client that goes away stops the reading before the next statement. The export
 * holds a slot of each limit until the response closes, sent or abandoned; with one of
 * them full it is refused with 429 before anything is read.
 */
export async function sendStreamedExport(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StreamedExport,
  limits: readonly ExportLimit[],
): Promise<void> {
  const releases = takeSlots(sessionUserOf(request).id, limits);
  const release = () => releases.forEach((giveBack) => giveBack());
  const gone = new AbortController();
  reply.raw.once('close', () => {
    gone.abort();
    release();
  });
  const pieces = file.pieces(gone.signal);
  let first: IteratorResult<string>;
  try {
    first = await pieces.next();
  } catch (error) {
    // Answered with the envelope: the slots are free at once, not at the close.
    release();
    throw error;
  }

  async function* text(): AsyncGenerator<string> {
    try {
      if (first.done) return;
      yield first.value;
      for await (const piece of pieces) yield piece;
    } catch (error) {
      request.log.error({ err: error }, 'an export failed after it started');
      throw error;
    } finally {
      // Ends the reading when the stream is closed early (a client that went away).
      await pieces.return(undefined);
    }
  }

  const fileName = typeof file.fileName === 'string' ? file.fileName : file.fileName();
  // Awaiting the reply settles when the response has ended (or the client went away).
  await reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(text()));
}
