/**
 * The texts of the shared contract (packages/shared/src/messages.ts): the spec's words,
 * quoted as they are by the schemas, the server and the tests. A group keeps its English
 * strings and registers each under a key (`validation.emailRequired`), so that the edge
 * that shows a text (the web app's field error and toasts, the server's envelope) finds its
 * translation by the English it holds: `translateText`. `npm run i18n:extract` adds the
 * registered texts to the English catalog.
 */
const idsByEnglish = new Map<string, string>();
const englishById = new Map<string, string>();

function register(prefix: string, texts: object): void {
  for (const [name, value] of Object.entries(texts)) {
    const id = `${prefix}.${name}`;
    if (typeof value === 'string') {
      englishById.set(id, value);
      if (!idsByEnglish.has(value)) idsByEnglish.set(value, id);
    } else if (value !== null && typeof value === 'object') {
      register(id, value);
    }
  }
}

/**
 * A group no code of a bundle names is left out of it, registration and all (the annotation):
 * nothing there can hand `translateText` one of its texts. The web app then carries the server's
 * own answers' English (already in the page's language when they arrive) on no page.
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineTexts<const Texts extends object>(group: string, texts: Texts): Texts {
  register(group, texts);
  return texts;
}

/** The catalog key of a registered English text; undefined for any other string. */
export function textId(english: string): string | undefined {
  return idsByEnglish.get(english);
}

/** Every registered text by key, in English: what the extractor adds to the English catalog. */
export function registeredTexts(): ReadonlyMap<string, string> {
  return englishById;
}
