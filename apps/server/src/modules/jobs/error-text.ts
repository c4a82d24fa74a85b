/**
 * What a failed job keeps of its error (the console lists it, the log says it): the
 * message alone, never a stack, with what looks like a secret masked, since an error
 * may quote a request with a token or an address with a password in it.
 */
const MAX_ERROR_CHARS = 500;
/** A run of 24 or more token characters: a key, a token, a signature. */
const TOKEN_LIKE = /[A-Za-z0-9_\-+/=.]{24,}/g;
/** The password of an address such as smtp://user:password@host. */
const URL_PASSWORD = /(\/\/[^/\s:@]*:)[^@\s]*@/g;

export function errorText(error: unknown): string {
  const raw =
    error instanceof Error ? `${error.name}: ${error.message}` : `thrown: ${String(error)}`;
  const masked = raw.replace(URL_PASSWORD, '$1***@').replace(TOKEN_LIKE, '***');
  return masked.length > MAX_ERROR_CHARS ? `${masked.slice(0, MAX_ERROR_CHARS - 1)}…` : masked;
}
