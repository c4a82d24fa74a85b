import { DEFAULT_PAGE_META, type Envelope, type PageMeta } from '@netpulse/shared';

// Answers are typed with the shared contract's types and checked only for their shape, like
// the profile: parsing them with the zod schemas would pull schema code into the vendor
// chunk that the login screen loads.

/** One page of a list answer (docs/ARCHITECTURE.md section 4): its rows and where it sits. */
export interface Page<Row> {
  rows: Row[];
  meta: PageMeta;
}

/** The `data` of a data answer; a missing payload throws, which screens report as a failed fetch. */
export function readData<T>(envelope: Envelope<T>): T {
  if (envelope.data === undefined || envelope.data === null) {
    throw new Error('The answer has no data.');
  }
  return envelope.data;
}

/** The rows of an answer whose `data` is a list; throws when `data` is not a list. */
export function readRows<Row>(envelope: Envelope<Row[]>): Row[] {
  if (!Array.isArray(envelope.data)) throw new Error('The list answer has no rows.');
  return envelope.data;
}

/** A list answer as a page: its rows and its meta (spec section 3's default when it has none). */
export function readPage<Row>(envelope: Envelope<Row[]>): Page<Row> {
  return { rows: readRows(envelope), meta: envelope.meta ?? { ...DEFAULT_PAGE_META } };
}
