/** What copying needs from the browser, so tests can pass fakes. */
export interface ClipboardEnvironment {
  clipboard?: Pick<Clipboard, 'writeText'> | undefined;
  document: Pick<Document, 'createElement' | 'body' | 'execCommand' | 'activeElement'>;
}

function browserEnvironment(): ClipboardEnvironment {
  return { clipboard: globalThis.navigator?.clipboard, document };
}

/**
 * The old way: select the text in a hidden textarea and ask the browser to copy
 * it. Works where the async clipboard is missing (plain http) or refused.
 */
function copyWithTextarea(text: string, doc: ClipboardEnvironment['document']): void {
  const previousFocus = doc.activeElement;
  const textarea = doc.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  textarea.setAttribute('aria-hidden', 'true');
  textarea.style.position = 'fixed';
  textarea.style.top = '0';
  textarea.style.left = '-9999px';
  textarea.style.opacity = '0';
  doc.body.appendChild(textarea);
  try {
    textarea.select();
    if (!doc.execCommand('copy')) throw new Error('the browser refused to copy');
  } finally {
    textarea.remove();
    // Selecting the textarea took the focus; give it back to the control that had it.
    (previousFocus as HTMLElement | null)?.focus?.();
  }
}

/**
 * Copies `text` with the async clipboard, falling back to a hidden textarea and
 * `execCommand('copy')`. Rejects with the reason when both fail.
 */
export async function copyText(
  text: string,
  environment: ClipboardEnvironment = browserEnvironment(),
): Promise<void> {
  const { clipboard, document: doc } = environment;
  if (clipboard?.writeText) {
    try {
      await clipboard.writeText(text);
      return;
    } catch (clipboardError) {
      try {
        copyWithTextarea(text, doc);
        return;
      } catch {
        throw clipboardError;
      }
    }
  }
  copyWithTextarea(text, doc);
}

/** The {reason} of "Failed to copy: {reason}". */
export function copyFailureReason(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return typeof error === 'string' && error ? error : 'unknown error';
}
