import { z } from 'zod';

/** Field name to the messages that field failed with (docs/ARCHITECTURE.md section 4). */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export const pageMetaSchema = z.object({
  current: z.number().int(),
  total_pages: z.number().int(),
  total_results: z.number().int(),
  size: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** Every answer: `{ success, message, errors? }`. */
export const messageEnvelopeSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  errors: fieldErrorsSchema.optional(),
});
export type MessageEnvelope = z.infer<typeof messageEnvelopeSchema>;

/** A data answer: the envelope plus `data`. */
export function dataEnvelope<T extends z.ZodType>(data: T) {
  return messageEnvelopeSchema.extend({ data });
}

/** A list answer: the envelope plus `data` (the rows) and `meta`. */
export function listEnvelope<T extends z.ZodType>(row: T) {
  return messageEnvelopeSchema.extend({ data: z.array(row), meta: pageMetaSchema });
}

export type Envelope<T = undefined> = MessageEnvelope & { data?: T; meta?: PageMeta };
