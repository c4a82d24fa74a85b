import type {} from 'altcha/types/react';
import type { AltchaWidgetElement } from 'altcha/external';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { PageFormatter } from '@/lib/i18n/active-locale';
import { API_BASE_URL } from '@/lib/api-client';
import { useIntl } from '@/lib/i18n/use-intl';
import type { CaptchaProps } from './captcha-props';
import { takeSkeletonTap } from './skeleton-tap';
import './altcha-setup';

export const ALTCHA_CHALLENGE_URL = `${API_BASE_URL}/api/captcha/challenge`;

/** ALTCHA's site, as its own footer links it (the widget shows the footer as HTML). */
function altchaLink(name: string): string {
  const label = name.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
  return `<a href="https://altcha.org/" tabindex="-1" target="_blank" aria-label="${label}">ALTCHA</a>`;
}

/**
 * The widget's words in the page's language, from the catalogs rather than ALTCHA's own
 * bundle of 50 languages: registered under the page's locale before the widget reads them,
 * so the widget says what the skeleton said. English keeps ALTCHA's own strings.
 */
function registerWidgetStrings(intl: PageFormatter): string {
  const language = intl.locale.toLowerCase();
  if (language === 'en') return language;
  const officialSite = intl.formatMessage({
    id: 'captcha.officialSite',
    defaultMessage: 'Altcha (official website)',
  });
  $altcha.i18n.set(language, {
    ...$altcha.i18n.get('en'),
    label: intl.formatMessage({ id: 'captcha.label', defaultMessage: "I'm not a robot" }),
    footer: intl.formatMessage(
      { id: 'captcha.footer', defaultMessage: 'Protected by {altcha}' },
      { altcha: altchaLink(officialSite) },
    ),
    ariaLinkLabel: officialSite,
    verifying: intl.formatMessage({ id: 'captcha.verifying', defaultMessage: 'Verifying...' }),
    verified: intl.formatMessage({ id: 'captcha.verified', defaultMessage: 'Verified' }),
    error: intl.formatMessage({
      id: 'captcha.error',
      defaultMessage: 'Verification failed. Try again later.',
    }),
    expired: intl.formatMessage({
      id: 'captcha.expired',
      defaultMessage: 'Verification expired. Try again.',
    }),
    verificationRequired: intl.formatMessage({
      id: 'captcha.verificationRequired',
      defaultMessage: 'Verification required!',
    }),
    waitAlert: intl.formatMessage({
      id: 'captcha.waitAlert',
      defaultMessage: 'Verifying... please wait.',
    }),
  });
  return language;
}

/** The self-hosted ALTCHA proof-of-work widget; its payload string is the captcha response. */
export default function AltchaCaptcha({ onVerify, onExpire, resetKey }: CaptchaProps) {
  const language = registerWidgetStrings(useIntl());
  const widgetRef = useRef<AltchaWidgetElement>(null);
  const verified = useEffectEvent(onVerify);
  const expired = useEffectEvent(onExpire);

  useEffect(() => {
    const widget = widgetRef.current;
    if (!widget) return;
    const onVerified = (event: Event) => {
      const payload = (event as CustomEvent<{ payload?: string }>).detail?.payload;
      if (payload) verified(payload);
    };
    const onStateChange = (event: Event) => {
      // An error after a solution (e.g. the challenge could not be refreshed) voids it too.
      if ((event as CustomEvent<{ state?: string }>).detail?.state === 'error') expired();
    };
    const onExpired = () => expired();
    widget.addEventListener('verified', onVerified);
    widget.addEventListener('statechange', onStateChange);
    widget.addEventListener('expired', onExpired);
    // Someone ticked the skeleton while this code loaded: carry on from that tick.
    if (takeSkeletonTap()) {
      void customElements.whenDefined('altcha-widget').then(() => widget.verify());
    }
    return () => {
      widget.removeEventListener('verified', onVerified);
      widget.removeEventListener('statechange', onStateChange);
      widget.removeEventListener('expired', onExpired);
    };
  }, []);

  useEffect(() => {
    const widget = widgetRef.current;
    // `reset` appears once the custom element is defined; before that there is nothing to reset.
    if (resetKey > 0 && widget && typeof widget.reset === 'function') widget.reset();
  }, [resetKey]);

  return (
    <altcha-widget
      ref={widgetRef}
      challenge={ALTCHA_CHALLENGE_URL}
      name="captchaResponse"
      language={language}
      className="altcha-dark block"
    />
  );
}
