import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@/lib/api-client';

/**
 * Shows the server's per-field messages (a 400's `errors`) beneath the fields
 * the form has; messages for other names are left to the toast.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): void {
  if (!isApiError(error)) return;
  for (const field of fields) {
    const messages = error.fieldErrors[field];
    if (messages?.length) setError(field, { type: 'server', message: messages.join(' ') });
  }
}
