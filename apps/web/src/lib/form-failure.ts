import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';
import { failureMessage, GENERIC_FAILURE_TEXTS, type FailureTexts } from './api-error-message';
import { toast } from './toast';

interface FormFailureOptions<T extends FieldValues> {
  setError: UseFormSetError<T>;
  /** The form's fields that show a server message beneath them. */
  fields: readonly FieldPath<T>[];
  /** Other names the form shows by itself (the captcha's message): not toasted either. */
  shownElsewhere?: readonly string[];
  /** The flow's fallback texts, for a failure that names no field: the general ones if not given. */
  texts?: FailureTexts;
}

/**
 * A failed submit, told once: each server message the form can show goes beneath its field
 * (the first of them focused), and the toast carries only what no field shows, or, when the
 * server named no field at all, the failure itself. Never both for the same message.
 */
export function showFormFailure<T extends FieldValues>(
  error: unknown,
  { setError, fields, shownElsewhere = [], texts = GENERIC_FAILURE_TEXTS }: FormFailureOptions<T>,
): void {
  const fieldErrors = isApiError(error) ? error.fieldErrors : {};
  let focused = false;
  for (const field of fields) {
    const messages = fieldErrors[field];
    if (!messages?.length) continue;
    setError(field, { type: 'server', message: messages.join(' ') }, { shouldFocus: !focused });
    focused = true;
  }
  const inline = new Set<string>([...fields, ...shownElsewhere]);
  const named = Object.entries(fieldErrors).filter(([, messages]) => messages.length > 0);
  const unshown = named.filter(([field]) => !inline.has(field)).flatMap(([, messages]) => messages);
  if (unshown.length > 0) toast.error([...new Set(unshown)].join('\n'));
  else if (named.length === 0) toast.error(failureMessage(error, texts));
}
