/**
 * The extension's name and description, as the toolbar button, the extensions page and
 * the store show them: the build writes them to `_locales/<language>/messages.json`
 * (build/locales.ts) and Chrome picks the browser's language. The popup's heading is the name.
 */
import { defineMessages } from '@netpulse/i18n';

export const MANIFEST_TEXTS = defineMessages({
  name: {
    id: 'extension.title',
    defaultMessage: '{productName} Validator',
    description: 'The extension’s name (at most 45 characters): popup heading, toolbar, store.',
  },
  description: {
    id: 'extension.description',
    defaultMessage:
      'Contributes network speed tests to {productName} and earns Bytes while you browse.',
    description: 'The store’s one-line description (at most 132 characters).',
  },
});
