/**
 * The explorer's answers, kept whole for a short while. Read afresh, each request read the
 * period's rows, drew every cell's outline and serialized it all again, for figures that
 * change once a day (issue 31's bench: 0.4 to 18 % of the baseline's requests a second).
 *
 * An answer is kept as the JSON of its data with the build it shows, for `ANSWER_KEPT_MS` of
 * the app's clock. A rebuild through a database drops that database's answers at once, so
 * the server that rebuilt (its daily job, the CLI it relays) answers the new build at the next
 * request; another server's rebuild shows within `ANSWER_KEPT_MS`, inside the five minutes a
 * browser may keep an answer anyway. Each request that finds nothing kept reads for itself:
 * no request waits on, or fails with, another's read.
 *
 * The bodies sent are kept too, as bytes, per language (the envelope's message is said in
 * the request's), and compressed for the clients that accept it: a resolution-5 map is about
 * 300 KB of JSON and 90 KB gzipped, encoded once rather than at every request.
 */
import { CompressibleBody } from '../../lib/compressed-body.ts';
import { ExpiringCache } from '../../lib/expiring-cache.ts';

export const ANSWER_KEPT_MS = 30_000;
/** Summaries, countries and five resolutions of cells, for many periods at once. */
const ANSWERS_KEPT = 1_000;
/** An answer as kept: its data as JSON, and the build it shows (its ETag's version). */
export interface KeptAnswer {
  version: string | number;
  dataJson: string;
  /** The whole envelopes sent, by the message's text. */
  bodies: Map<string, CompressibleBody>;
}

/** Each app's answers by its database (tests run many apps, each on a database of its own). */
const answersOf = new WeakMap<object, ExpiringCache<string, KeptAnswer>>();

/**
 * The answer kept under `key` for `db`, else the one `read` makes (then kept). `read` answers
 * the build's version and the data, which is serialized once here.
 */
export async function keptAnswer(
  db: object,
  key: string,
  nowMs: number,
  read: () => Promise<{ version: string | number; data: unknown }>,
): Promise<KeptAnswer> {
  let answers = answersOf.get(db);
  const kept = answers?.get(key, nowMs);
  if (kept) return kept;
  const { version, data } = await read();
  const made = { version, dataJson: JSON.stringify(data), bodies: new Map() };
  if (!answers) {
    answers = new ExpiringCache<string, KeptAnswer>(ANSWERS_KEPT);
    answersOf.set(db, answers);
  }
  // A map's answer and its bodies run to megabytes: hold only those asked for lately, not
  // every one ever asked for until a thousand others push it out.
  answers.deleteLapsed(nowMs);
  answers.set(key, made, nowMs + ANSWER_KEPT_MS);
  return made;
}

/** Drops every answer kept for `db`: a rebuild through it changed the figures. */
export function forgetAnswers(db: object): void {
  answersOf.delete(db);
}

/**
 * The envelope of `kept` with `message`, as bytes with their compressed copies: made at its
 * first request, then kept and shared (lib/compressed-body.ts).
 */
export function bodyOf(kept: KeptAnswer, message: string): CompressibleBody {
  const known = kept.bodies.get(message);
  if (known) return known;
  const envelope = `{"success":true,"message":${JSON.stringify(message)},"data":${kept.dataJson}}`;
  // Remade every ANSWER_KEPT_MS: compressed quickly rather than to the last byte.
  const made = new CompressibleBody(Buffer.from(envelope), 'quick');
  kept.bodies.set(message, made);
  return made;
}
