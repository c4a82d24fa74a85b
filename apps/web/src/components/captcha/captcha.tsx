import { lazy, Suspense, useEffect, useState } from 'react';
import { getPublicConfig } from '../../config/public-config';
import type { CaptchaProps } from './captcha-props';

// Loaded apart from the form so the screen shows before the widget's code arrives.
const AltchaCaptcha = lazy(() => import('./altcha-captcha'));
const ScriptCaptcha = lazy(() => import('./script-captcha'));

/** Reserves the widget's height while it loads, so the form does not jump. */
function CaptchaPlaceholder() {
  return <div className="h-[74px] animate-pulse rounded-xl border border-line bg-surface-raised" />;
}

/** What tells us a person is about to use the form: any pointer, touch, key or focus. */
const INTERACTION_EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin'];

/**
 * True from the first interaction with the page on: the widget's code (ALTCHA
 * alone is about 30 KB gzip) is fetched then, not with the page, so the first
 * paint does not wait for it. Nobody can solve a captcha without interacting.
 */
function useInteracted(): boolean {
  // A field already focused (autofocus, or a focus before this screen) counts too.
  const [interacted, setInteracted] = useState(
    () => document.activeElement !== null && document.activeElement !== document.body,
  );
  useEffect(() => {
    if (interacted) return;
    const onInteraction = () => setInteracted(true);
    for (const type of INTERACTION_EVENTS) {
      window.addEventListener(type, onInteraction, { capture: true, once: true, passive: true });
    }
    return () => {
      for (const type of INTERACTION_EVENTS) {
        window.removeEventListener(type, onInteraction, { capture: true });
      }
    };
  }, [interacted]);
  return interacted;
}

/**
 * The captcha of the auth forms. Which provider runs (ALTCHA by default,
 * Turnstile or hCaptcha) is the server's choice, read from the public config;
 * forms only see the solved token.
 */
export function Captcha(props: CaptchaProps) {
  const { captchaProvider, captchaSiteKey } = getPublicConfig();
  const interacted = useInteracted();
  return (
    <div data-testid="captcha" data-captcha-provider={captchaProvider}>
      {interacted ? (
        <Suspense fallback={<CaptchaPlaceholder />}>
          {captchaProvider === 'altcha' ? (
            <AltchaCaptcha {...props} />
          ) : (
            <ScriptCaptcha {...props} provider={captchaProvider} siteKey={captchaSiteKey} />
          )}
        </Suspense>
      ) : (
        <CaptchaPlaceholder />
      )}
    </div>
  );
}
