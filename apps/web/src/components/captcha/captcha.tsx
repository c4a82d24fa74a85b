import { lazy, Suspense } from 'react';
import { getPublicConfig } from '@/config/public-config';
import { useBrowserIdle } from '@/lib/browser-idle';
import { useInteracted } from '@/lib/first-interaction';
import { useIntl } from '@/lib/i18n/use-intl';
import type { CaptchaProps } from './captcha-props';
import { SKELETON_TEST_ID } from './skeleton-tap';

// Loaded apart from the form so the screen shows before the widget's code arrives.
const AltchaCaptcha = lazy(() => import('./altcha-captcha'));
const ScriptCaptcha = lazy(() => import('./script-captcha'));

/** The ALTCHA widget's height: the skeleton takes exactly as much, so nothing moves. */
const WIDGET_HEIGHT = 'h-[70px]';

/** ALTCHA's mark, as its widget draws it (from the altcha package's markup). */
const ALTCHA_LOGO_PATHS = [
  'M2.33955 16.4279C5.88954 20.6586 12.1971 21.2105 16.4279 17.6604C18.4699 15.947 19.6548 13.5911 19.9352 11.1365L17.9886 10.4279C17.8738 12.5624 16.909 14.6459 15.1423 16.1284C11.7577 18.9684 6.71167 18.5269 3.87164 15.1423C1.03163 11.7577 1.4731 6.71166 4.8577 3.87164C8.24231 1.03162 13.2883 1.4731 16.1284 4.8577C16.9767 5.86872 17.5322 7.02798 17.804 8.2324L19.9522 9.01429C19.7622 7.07737 19.0059 5.17558 17.6604 3.57212C14.1104 -0.658624 7.80283 -1.21043 3.57212 2.33956C-0.658625 5.88958 -1.21046 12.1971 2.33955 16.4279Z',
  'M3.57212 2.33956C1.65755 3.94607 0.496389 6.11731 0.12782 8.40523L2.04639 9.13961C2.26047 7.15832 3.21057 5.25375 4.8577 3.87164C8.24231 1.03162 13.2883 1.4731 16.1284 4.8577L13.8302 6.78606L19.9633 9.13364C19.7929 7.15555 19.0335 5.20847 17.6604 3.57212C14.1104 -0.658624 7.80283 -1.21043 3.57212 2.33956Z',
  'M7 10H5C5 12.7614 7.23858 15 10 15C12.7614 15 15 12.7614 15 10H13C13 11.6569 11.6569 13 10 13C8.3431 13 7 11.6569 7 10Z',
];

/**
 * The widget as it first shows, drawn without its code: what the page paints
 * first and while the code loads, then the real one takes its place. For
 * ALTCHA its box, checkbox, label and footer, in the theme index.css gives it;
 * Turnstile and hCaptcha draw their own inside the box. Which one is CSS's
 * choice, from the provider on the wrapper: a prerendered page holds a
 * placeholder for it that the server fills in (docs/decisions/008).
 */
function CaptchaSkeleton() {
  const intl = useIntl();
  return (
    <div
      data-testid={SKELETON_TEST_ID}
      aria-hidden="true"
      className={`${WIDGET_HEIGHT} flex flex-col justify-between rounded-xl border border-line bg-surface-raised p-3 text-ink`}
    >
      <span className="hidden items-center gap-2 group-data-[captcha-provider=altcha]:flex">
        <span className="size-[22px] shrink-0 rounded-[5px] border border-[#56657e] bg-surface" />
        <span className="text-base leading-5">
          {intl.formatMessage({ id: 'captcha.label', defaultMessage: "I'm not a robot" })}
        </span>
        <svg viewBox="0 0 20 20" className="ms-auto size-[22px] opacity-70">
          {ALTCHA_LOGO_PATHS.map((path) => (
            <path key={path} d={path} fill="currentColor" />
          ))}
        </svg>
      </span>
      <span className="hidden self-end text-[0.7rem] leading-tight text-ink-muted group-data-[captcha-provider=altcha]:block">
        {intl.formatMessage(
          { id: 'captcha.footer', defaultMessage: 'Protected by {altcha}' },
          { altcha: 'ALTCHA' },
        )}
      </span>
    </div>
  );
}

/**
 * The captcha of the auth forms. Which provider runs (ALTCHA by default,
 * Turnstile or hCaptcha) is the server's choice, read from the public config;
 * forms only see the solved token.
 */
export function Captcha(props: CaptchaProps) {
  const { captchaProvider, captchaSiteKey } = getPublicConfig();
  // The widget's code (ALTCHA alone is about 30 KB gzip) is fetched when the
  // browser is first idle after the load, or at the first interaction if that
  // comes sooner: never before the first paint, which shows the skeleton.
  const idle = useBrowserIdle();
  const interacted = useInteracted();
  const skeleton = <CaptchaSkeleton />;
  return (
    <div data-testid="captcha" data-captcha-provider={captchaProvider} className="group">
      {idle || interacted ? (
        <Suspense fallback={skeleton}>
          {captchaProvider === 'altcha' ? (
            <AltchaCaptcha {...props} />
          ) : (
            <ScriptCaptcha {...props} provider={captchaProvider} siteKey={captchaSiteKey} />
          )}
        </Suspense>
      ) : (
        skeleton
      )}
    </div>
  );
}
