let fromPrerenderedMarkup = false;

/** Called by main.tsx when the page arrived with prerendered markup and React hydrates it. */
export function markStartedFromPrerenderedMarkup(): void {
  fromPrerenderedMarkup = true;
}

/**
 * Whether this page load started from prerendered markup (the server sends
 * /login prerendered; see docs/decisions). A form shown that way is already on
 * screen and usable as HTML, so its logic may wait for the first interaction.
 */
export function startedFromPrerenderedMarkup(): boolean {
  return fromPrerenderedMarkup;
}
