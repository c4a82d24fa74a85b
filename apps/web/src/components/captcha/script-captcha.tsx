import type { CaptchaProvider } from '@netpulse/shared';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { loadScript } from '@/lib/load-script';
import { useIntl } from '@/lib/i18n/use-intl';
import type { CaptchaProps } from './captcha-props';

type ScriptProvider = Exclude<CaptchaProvider, 'altcha'>;
type WidgetId = string | number;

/** What Turnstile and hCaptcha both offer once their script is loaded in explicit mode. */
interface ScriptCaptchaApi {
  render(container: HTMLElement, options: Record<string, unknown>): WidgetId;
  reset(widgetId: WidgetId): void;
  remove(widgetId: WidgetId): void;
}

/** Each provider's official script origin and the global its script defines. */
const SCRIPT_PROVIDERS: Record<ScriptProvider, { scriptUrl: string; globalName: string }> = {
  turnstile: {
    scriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    globalName: 'turnstile',
  },
  hcaptcha: {
    scriptUrl: 'https://js.hcaptcha.com/1/api.js?render=explicit',
    globalName: 'hcaptcha',
  },
};

function providerApi(provider: ScriptProvider): ScriptCaptchaApi | undefined {
  const { globalName } = SCRIPT_PROVIDERS[provider];
  return (window as unknown as Record<string, ScriptCaptchaApi | undefined>)[globalName];
}

type ScriptCaptchaProps = CaptchaProps & { provider: ScriptProvider; siteKey: string | null };

/** Cloudflare Turnstile or hCaptcha, loaded from their own origin, in dark theme. */
export default function ScriptCaptcha({
  provider,
  siteKey,
  onVerify,
  onExpire,
  resetKey,
}: ScriptCaptchaProps) {
  const intl = useIntl();
  const containerRef = useRef<HTMLDivElement>(null);
  const widgetIdRef = useRef<WidgetId | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const verified = useEffectEvent(onVerify);
  const expired = useEffectEvent(onExpire);

  useEffect(() => {
    if (!siteKey) {
      console.error(`The ${provider} captcha has no site key configured.`);
      return;
    }
    let cancelled = false;
    loadScript(SCRIPT_PROVIDERS[provider].scriptUrl).then(
      () => {
        const api = providerApi(provider);
        const container = containerRef.current;
        if (cancelled || !api || !container) return;
        widgetIdRef.current = api.render(container, {
          sitekey: siteKey,
          theme: 'dark',
          callback: (token: string) => verified(token),
          'expired-callback': () => expired(),
          'error-callback': () => expired(),
        });
      },
      (error: unknown) => {
        console.error(error);
        if (!cancelled) setLoadFailed(true);
      },
    );
    return () => {
      cancelled = true;
      if (widgetIdRef.current !== null) providerApi(provider)?.remove(widgetIdRef.current);
      widgetIdRef.current = null;
    };
  }, [provider, siteKey]);

  useEffect(() => {
    if (resetKey > 0 && widgetIdRef.current !== null) {
      providerApi(provider)?.reset(widgetIdRef.current);
    }
  }, [provider, resetKey]);

  if (!siteKey || loadFailed) {
    return (
      <p role="alert" className="text-sm text-danger">
        {intl.formatMessage({
          id: 'captcha.loadFailed',
          defaultMessage: 'The CAPTCHA could not be loaded. Please reload the page and try again.',
        })}
      </p>
    );
  }
  return <div ref={containerRef} className="min-h-[65px]" />;
}
