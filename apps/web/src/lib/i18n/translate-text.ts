import { textId, type MessageValues } from '@netpulse/i18n';
import { intl, type PageFormatter } from './active-locale';

/**
 * A text of the shared contract (packages/shared/src/messages.ts: a schema's validation
 * message, a spec toast) in the page's language: found by the English it holds. Any other
 * string, such as a server's answer (already in the request's language), shows as it is.
 */
export function translateText(
  text: string,
  values?: MessageValues,
  formatter: PageFormatter = intl(),
): string {
  const id = textId(text);
  if (id === undefined || !(id in formatter.messages)) return text;
  // The English is the registered text itself; the catalogs hold it under its key.
  const registered = { id };
  return formatter.formatMessage(registered, values);
}
