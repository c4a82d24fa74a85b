/**
 * A message as a language's page shows it, read from the compiled catalogs, for selectors that
 * must work in any language (the pseudo-locale's sweep opens dialogs by their buttons' names).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Element = { type: number; value?: string };

const catalogs = new Map<string, Record<string, Element[]>>();

function catalog(locale: string): Record<string, Element[]> {
  let messages = catalogs.get(locale);
  if (!messages) {
    const file = fileURLToPath(
      new URL(`../../../../packages/i18n/compiled/${locale}.json`, import.meta.url),
    );
    messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Element[]>;
    catalogs.set(locale, messages);
  }
  return messages;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A pattern for the start of message `id` in `locale`: its words up to its first placeholder
 * (a name shown with a node's or an invite's name matches whatever that name is).
 */
export function messageStart(locale: string, id: string): RegExp {
  const elements = catalog(locale)[id];
  if (!elements) throw new Error(`The ${locale} catalog has no message ${id}.`);
  let start = '';
  for (const element of elements) {
    if (element.type !== 0) break;
    start += element.value ?? '';
  }
  return new RegExp(`^${escape(start.trim())}`);
}
