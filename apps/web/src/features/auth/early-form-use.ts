/**
 * What a person did on the prerendered /login before the form's code arrived (decision 008:
 * it loads at the first interaction, and that interaction is often a tap on a field or on
 * the passkey button). React has no handlers there yet, so two things would be lost:
 * - a press of "Sign in with a passkey": the person would have to press again;
 * - leaving a field: the form validates a field once it has been left (mode onTouched), and
 *   a field left before the form was there would stay silent until the submit.
 * Both are noted here, and the form replays them as it mounts.
 */
const PASSKEY_BUTTON = '[data-testid="passkey-sign-in"]';

export interface EarlyFormUse {
  passkeyPressed: boolean;
  /** The `name`s of the fields left (blurred) before the form was there. */
  leftFields: string[];
}

let passkeyPressed = false;
const leftFields = new Set<string>();
let listening = false;

function notePress(event: Event): void {
  if (event.target instanceof Element && event.target.closest(PASSKEY_BUTTON)) {
    passkeyPressed = true;
  }
}

function noteLeave(event: Event): void {
  if (event.target instanceof HTMLInputElement && event.target.name) {
    leftFields.add(event.target.name);
  }
}

/** Starts noting: called while the form's code is on its way. */
export function noteFormUseUntilMounted(): void {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('click', notePress, true);
  document.addEventListener('focusout', noteLeave, true);
}

/** What happened before the form was there; from now on the form's own handlers hear it. */
export function takeEarlyFormUse(): EarlyFormUse {
  if (listening) {
    document.removeEventListener('click', notePress, true);
    document.removeEventListener('focusout', noteLeave, true);
  }
  listening = false;
  const use = { passkeyPressed, leftFields: [...leftFields] };
  passkeyPressed = false;
  leftFields.clear();
  return use;
}
