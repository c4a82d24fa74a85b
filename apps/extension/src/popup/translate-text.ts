/**
 * The words the worker hands over as they are (the last error, why registering failed,
 * a refused Run test now), in the popup's language: the worker's own texts
 * (lib/worker-texts.ts) and the shared contract's registered texts (the server's answers,
 * in English to the extension) by the English they hold; anything else as it is.
 */
import { textId } from '@netpulse/i18n';
import { matchWorkerText } from '../lib/worker-texts.ts';
import { t } from './i18n.ts';

export function translateText(english: string): string {
  const worker = matchWorkerText(english);
  if (worker) return t(worker.descriptor, worker.values);
  const id = textId(english);
  // A registered text is plain English (no ICU placeholders): it reads as it is when untranslated.
  return id ? t({ id, defaultMessage: english }) : english;
}
