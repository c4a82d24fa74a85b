import { z } from 'zod';
import { EXTENSION_KEYS, EXTENSION_VALUE_MAX } from './extension-keys.ts';

const extensionKeySchema = z.enum([EXTENSION_KEYS.token, EXTENSION_KEYS.data]);

/** The whole protocol; unknown fields are refused so a typo cannot pass as a valid message. */
export const extensionMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('store'),
    key: extensionKeySchema,
    value: z.string().min(1).max(EXTENSION_VALUE_MAX),
  }),
  z.strictObject({ type: z.literal('remove'), key: extensionKeySchema }),
]);
export type ExtensionMessage = z.infer<typeof extensionMessageSchema>;

export interface ExtensionReply {
  ok: boolean;
  error?: string;
}

export type ParsedExtensionMessage =
  { ok: true; message: ExtensionMessage } | { ok: false; error: string };

/**
 * Checks a message that arrived from a web page against the protocol. The
 * extension calls it on everything it receives from outside, because a page
 * can send any value; the error names what was wrong, for the reply.
 */
export function parseExtensionMessage(raw: unknown): ParsedExtensionMessage {
  const parsed = extensionMessageSchema.safeParse(raw);
  if (parsed.success) return { ok: true, message: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return { ok: false, error: `Invalid message. ${where}${issue?.message ?? 'unknown shape'}` };
}

/** True when `raw` is a message of the protocol. */
export function isExtensionMessage(raw: unknown): raw is ExtensionMessage {
  return extensionMessageSchema.safeParse(raw).success;
}
