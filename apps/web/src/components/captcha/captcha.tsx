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

/**
 * ALTCHA's mark, as its widget draws it (from the altcha package's markup), to a tenth of a unit:
 * a 20-unit box drawn 22 px wide shows no finer.
 */
const ALTCHA_LOGO_PATHS = [
  'M2.3 16.4C5.9 20.7 12.2 21.2 16.4 17.7C18.5 15.9 19.7 13.6 19.9 11.1L18 10.4C17.9 12.6 16.9 14.6 15.1 16.1C11.8 19 6.7 18.5 3.9 15.1C1 11.8 1.5 6.7 4.9 3.9C8.2 1 13.3 1.5 16.1 4.9C17 5.9 17.5 7 17.8 8.2L20 9C19.8 7.1 19 5.2 17.7 3.6C14.1 -0.7 7.8 -1.2 3.6 2.3C-0.7 5.9 -1.2 12.2 2.3 16.4Z',
  'M3.6 2.3C1.7 3.9 0.5 6.1 0.1 8.4L2 9.1C2.3 7.2 3.2 5.3 4.9 3.9C8.2 1 13.3 1.5 16.1 4.9L13.8 6.8L20 9.1C19.8 7.2 19 5.2 17.7 3.6C14.1 -0.7 7.8 -1.2 3.6 2.3Z',
  'M7 10H5C5 12.8 7.2 15 10 15C12.8 15 15 12.8 15 10H13C13 11.7 11.7 13 10 13C8.3 13 7 11.7 7 10Z',
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
