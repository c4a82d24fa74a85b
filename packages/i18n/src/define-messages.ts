/**
 * A text of the product: its key in every catalog, and the English it says. FormatJS's
 * extractor finds these by the function's name (`defineMessages`, `defineMessage`), so every
 * package declares its texts with these two identities and the catalogs list them.
 */
export interface MessageDescriptor {
  readonly id: string;
  readonly defaultMessage: string;
  /** For the translator: where the text shows and what its placeholders are. */
  readonly description?: string;
}

export function defineMessages<const Names extends string>(
  messages: Record<Names, MessageDescriptor>,
): Record<Names, MessageDescriptor> {
  return messages;
}

export function defineMessage(message: MessageDescriptor): MessageDescriptor {
  return message;
}

/** Placeholder values of a message: ICU arguments by name. */
export type MessageValues = Readonly<Record<string, string | number | Date | null | undefined>>;
