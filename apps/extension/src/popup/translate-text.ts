/**
 * The words the worker hands over as they are (the last error, why registering failed,
 * a refused Run test now), in the popup's language: the worker's own texts
 * (lib/worker-texts.ts) and the server's answers, which the extension asks for in the
 * contract's English (lib/server-answers.ts), by the English they hold; anything else as it is.
 */
import { textId } from '@netpulse/i18n';
import { SERVER_ANSWER_TEXTS } from '../lib/server-answers.ts';
import { matchWorkerText } from '../lib/worker-texts.ts';
import { intl, t } from './i18n.ts';

export function translateText(english: string): string {
  const worker = matchWorkerText(english);
  if (worker) return t(worker.descriptor, worker.values);
  const id = SERVER_ANSWER_TEXTS.has(english) ? textId(english) : undefined;
  // A registered text is plain English, with no ICU placeholders: its key names it.
  return id !== undefined && id in intl().messages ? t({ id, defaultMessage: english }) : english;
}
