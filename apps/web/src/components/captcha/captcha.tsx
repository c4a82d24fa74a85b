import { lazy, Suspense } from 'react';
import { getPublicConfig } from '../../config/public-config';
import { useInteracted } from '../../lib/first-interaction';
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
  // The widget's code (ALTCHA alone is about 30 KB gzip) is fetched at the first
  // interaction with the page: nobody can solve a captcha without interacting.
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
