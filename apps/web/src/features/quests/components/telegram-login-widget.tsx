import { useEffect, useRef, useState } from 'react';
import { paths } from '@/config/paths';
import { useIntl } from '@/lib/i18n/use-intl';
import { requestLoginState } from '@/features/quests/api/request-login-state';

export const TELEGRAM_WIDGET_SRC = 'https://telegram.org/js/telegram-widget.js?22';

/**
 * The widget's language (`data-lang`): the page's, as Telegram names it ('pt-br'); a language
 * Telegram does not offer shows in English, as the widget does for an unknown code.
 */
export function telegramWidgetLang(locale: string): string {
  if (locale === 'pt-BR') return 'pt-br';
  const language = locale.split('-')[0] ?? 'en';
  // The pseudo-locale is a test's English.
  return locale === 'en-XA' ? 'en' : language;
}

interface TelegramLoginWidgetProps {
  /** The bot the widget names (public settings `telegramBotUsername`). */
  botUsername: string;
}

/**
 * Telegram's login widget, loaded when the screen shows it (spec section 2). It
 * runs in redirect mode: Telegram sends the browser back to /quests with the
 * signed login in the query (id, first_name, …, auth_date, hash), which the
 * screen posts to the link call. A callback would need 'unsafe-eval' in our CSP.
 * The return address carries a state issued to this session first, so a signed
 * login of someone else's, sent here as a link, links nothing.
 */
export function TelegramLoginWidget({ botUsername }: TelegramLoginWidgetProps) {
  const intl = useIntl();
  const lang = telegramWidgetLang(intl.locale);
  const containerRef = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  const [state, setState] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    requestLoginState('telegram').then(
      (issued) => current && setState(issued),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    const container = containerRef.current;
    if (!container || state === null) return;
    const script = document.createElement('script');
    script.async = true;
    script.src = TELEGRAM_WIDGET_SRC;
    script.dataset.telegramLogin = botUsername;
    script.dataset.size = 'medium';
    script.dataset.radius = '8';
    script.dataset.authUrl = `${window.location.origin}${paths.quests.href()}?state=${encodeURIComponent(state)}`;
    script.dataset.requestAccess = 'write';
    script.dataset.lang = lang;
    script.onerror = () => setFailed(true);
    // The widget puts its button (an iframe) next to its script.
    container.append(script);
    return () => {
      script.onerror = null;
      container.replaceChildren();
    };
  }, [botUsername, state, lang]);

  return (
    <div className="flex flex-col items-start gap-1">
      <div
        ref={containerRef}
        data-testid="telegram-login-widget"
        className={failed ? 'hidden' : 'min-h-10'}
      />
      {failed && (
        <p role="status" className="text-xs text-danger">
          {intl.formatMessage({
            id: 'quests.telegramWidgetFailed',
            defaultMessage: 'The Telegram login could not be loaded. Reload the page to try again.',
          })}
        </p>
      )}
    </div>
  );
}
