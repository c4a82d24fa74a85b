import { totpCodeField } from '@netpulse/shared';

/** What `validateWith` needs of a shared field schema: zod's `safeParse`, reduced to its messages. */
interface FieldSchema {
  safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } };
}

/**
 * A react-hook-form `validate` rule from a field of the shared contract (a TOTP code, a
 * recovery code): true when the value holds, else the field's first message, which the field
 * shows in the page's language. For forms whose fields come and go (a code, or a recovery code
 * instead), where one resolver for the whole form would not fit.
 */
export function validateWith(schema: FieldSchema) {
  return (value: unknown): true | string => {
    const result = schema.safeParse(value);
    return result.success || (result.error?.issues[0]?.message ?? false) || 'Invalid';
  };
}

/** A typed code as its schema takes it: the spaces a person copies from an app ("123 456") removed. */
export function withoutSpaces(value: unknown): unknown {
  return typeof value === 'string' ? value.replace(/\s+/g, '') : value;
}

/** An authenticator app's code field: its spaces removed, then checked as the server checks it. */
export const totpCodeRules = { setValueAs: withoutSpaces, validate: validateWith(totpCodeField) };
