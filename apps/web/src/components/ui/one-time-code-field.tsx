import type { ComponentProps } from 'react';
import { TextField } from './text-field';

type OneTimeCodeFieldProps = Omit<
  ComponentProps<typeof TextField>,
  'type' | 'inputMode' | 'autoComplete'
>;

/**
 * The 6-digit code of an authenticator app: a phone shows its number pad, and the system may
 * fill the code in itself (`one-time-code`). No length cap, so a code pasted as "123 456"
 * arrives whole; the form removes the space (`withoutSpaces`, lib/field-validation.ts).
 */
export function OneTimeCodeField(props: OneTimeCodeFieldProps) {
  return (
    <TextField
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      autoCapitalize="off"
      spellCheck={false}
      {...props}
    />
  );
}
