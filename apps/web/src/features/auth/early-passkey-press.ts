/**
 * A press of "Sign in with a passkey" on the prerendered /login before the form's code has
 * arrived (decision 008: it loads at the first interaction, and a tap on this button often is
 * that interaction): React has no handler on the button yet, so the press would be lost and
 * the person would have to press again. It is noted here, and the form starts the passkey
 * sign-in as it mounts.
 */
const PASSKEY_BUTTON = '[data-testid="passkey-sign-in"]';

let pressed = false;
let listening = false;

function notePress(event: Event): void {
  if (event.target instanceof Element && event.target.closest(PASSKEY_BUTTON)) pressed = true;
}

/** Starts noting presses: called while the form's code is on its way. */
export function notePasskeyPressesUntilMounted(): void {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('click', notePress, true);
}

/**
 * Whether the button was pressed before the form was there; from now on the form's own
 * handler hears every press.
 */
export function takeEarlyPasskeyPress(): boolean {
  if (listening) document.removeEventListener('click', notePress, true);
  listening = false;
  const wasPressed = pressed;
  pressed = false;
  return wasPressed;
}
