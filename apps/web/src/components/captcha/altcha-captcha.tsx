import type {} from 'altcha/types/react';
import type { AltchaWidgetElement } from 'altcha/external';
import { useEffect, useEffectEvent, useRef } from 'react';
import { API_BASE_URL } from '@/lib/api-client';
import type { CaptchaProps } from './captcha-props';
import { takeSkeletonTap } from './skeleton-tap';
import './altcha-setup';

export const ALTCHA_CHALLENGE_URL = `${API_BASE_URL}/api/captcha/challenge`;

/** The self-hosted ALTCHA proof-of-work widget; its payload string is the captcha response. */
export default function AltchaCaptcha({ onVerify, onExpire, resetKey }: CaptchaProps) {
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
      className="altcha-dark block"
    />
  );
}
