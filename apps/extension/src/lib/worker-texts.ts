/**
 * The worker's own words for a failure, which the popup shows (the last error, why
 * registering failed, a refused Run test now). The worker has no catalog: it keeps the
 * English default, and the popup translates it at the edge (popup/translate-text.ts),
 * the placeholders read back from the English.
 */
import { defineMessages, type MessageDescriptor } from '@netpulse/i18n';

export const WORKER_TEXTS = defineMessages({
  network: {
    id: 'extension.worker.network',
    defaultMessage: 'The server cannot be reached. The extension will try again later.',
  },
  signedOut: {
    id: 'extension.worker.signedOut',
    defaultMessage: 'Signed out: log in on the dashboard to sign the extension in.',
  },
  unreadable: {
    id: 'extension.worker.unreadable',
    defaultMessage: 'The server sent an answer the extension does not understand.',
  },
  serverAnswered: {
    id: 'extension.worker.serverAnswered',
    defaultMessage: 'The server answered {status}',
    description: 'An error answer without words of its own; status is the HTTP status code.',
  },
  speedtestFailed: {
    id: 'extension.worker.speedtestFailed',
    defaultMessage: 'The speed test failed unexpectedly.',
  },
  measurementFailed: {
    id: 'extension.worker.measurementFailed',
    defaultMessage: 'The speed test was cut off: the connection to the test server failed.',
  },
  noSession: {
    id: 'extension.worker.noSession',
    defaultMessage: 'The server gave this node no session.',
  },
  extensionFailed: {
    id: 'extension.worker.extensionFailed',
    defaultMessage: 'The extension failed',
  },
});

/** The English a worker text reads, its `{placeholders}` filled (values are numbers or words). */
export function englishText(
  descriptor: MessageDescriptor,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return descriptor.defaultMessage.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Which worker text an English string is, and its placeholders' values; undefined for any other. */
export function matchWorkerText(
  english: string,
): { descriptor: MessageDescriptor; values: Record<string, string> } | undefined {
  for (const descriptor of Object.values(WORKER_TEXTS)) {
    const names: string[] = [];
    const pattern = descriptor.defaultMessage
      .split(/\{(\w+)\}/)
      .map((part, index) => {
        if (index % 2 === 0) return escapeRegExp(part);
        names.push(part);
        return '(.+?)';
      })
      .join('');
    const match = new RegExp(`^${pattern}$`).exec(english);
    if (match) {
      return {
        descriptor,
        values: Object.fromEntries(names.map((name, index) => [name, match[index + 1]!])),
      };
    }
  }
  return undefined;
}
