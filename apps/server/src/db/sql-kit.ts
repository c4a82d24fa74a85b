/**
 * The SQL kit's one entry (docs/decisions/015): what the modules, the app and
 * the tools use of db/'s batched reads, grouped statements and prepared
 * statements. The files behind it, and drizzle's internals
 * (drizzle-internals.ts), are imported by nothing outside db/ but this file
 * (eslint.config.js), so the kit can change its insides without a module
 * knowing.
 */
export { arrayLiteral, BatchedRead, perHandle, rowsOf } from './batched-read.ts';
export {
  batchedPageRead,
  openTimeRange,
  timeRangeKeyFields,
  type Page,
  type PageKey,
  type TimeRangeKey,
} from './batched-page.ts';
export { batchedRowRead } from './batched-row-read.ts';
export { columnNameOf, unnestedKeys, type KeyFields, type KeyRefs } from './batch-keys.ts';
export { preparedSql, preparedStatement } from './prepared-statement.ts';
export { keysetChunks, type ChunkOptions } from './keyset-chunks.ts';
export { queryOfSql, type SelectResultFields } from './drizzle-internals.ts';
