import { lazy, Suspense } from 'react';
import { getPublicConfig } from '../../config/public-config';
import type { CaptchaProps } from './captcha-props';

// Loaded apart from the form so the screen shows before the widget's code arrives.
const AltchaCaptcha = lazy(() => import('./altcha-captcha'));
const ScriptCaptcha = lazy(() => import('./script-captcha'));

/** Reserves the widget's height while it loads, so the form does not jump. */
function CaptchaPlaceholder() {
  return <div className="h-[74px] animate-pulse rounded-xl border border-line bg-surface-raised" />;
}

/**
 * The captcha of the auth forms. Which provider runs (ALTCHA by default,
 * Turnstile or hCaptcha) is the server's choice, read from the public config;
 * forms only see the solved token.
 */
export function Captcha(props: CaptchaProps) {
  const { captchaProvider, captchaSiteKey } = getPublicConfig();
  return (
    <div data-testid="captcha" data-captcha-provider={captchaProvider}>
      <Suspense fallback={<CaptchaPlaceholder />}>
        {captchaProvider === 'altcha' ? (
          <AltchaCaptcha {...props} />
        ) : (
          <ScriptCaptcha {...props} provider={captchaProvider} siteKey={captchaSiteKey} />
        )}
      </Suspense>
    </div>
  );
}
