import { useEffect, useRef, useState } from 'react';
import { LoadingState } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { useIntl } from '@/lib/i18n/use-intl';
import { discordCallbackUrl } from '@/features/discord-auth/discord-callback';

/** The platform's name, the same in every language. */
const DISCORD = 'Discord';

/** /discord-auth: Discord sends the browser here; the token goes on to the backend. */
export function DiscordAuthScreen() {
  const intl = useIntl();
  const [callbackUrl] = useState(() => discordCallbackUrl(window.location.hash));
  // StrictMode runs effects twice in development; the browser is redirected once.
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    if (callbackUrl) window.location.assign(callbackUrl);
    else console.error('Access token is missing.');
  }, [callbackUrl]);

  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold tracking-tight text-ink">{DISCORD}</h1>
      {callbackUrl ? (
        <LoadingState
          label={intl.formatMessage({
            id: 'discordAuth.connecting',
            defaultMessage: 'Connecting your Discord account…',
          })}
        />
      ) : (
        <p className="text-ink-muted">
          {intl.formatMessage(
            {
              id: 'discordAuth.noToken',
              defaultMessage:
                'Discord did not return an access token. Go back to <link>Quests</link> and try again.',
            },
            { link: (chunks) => <TextLink to={paths.quests.href()}>{chunks}</TextLink> },
          )}
        </p>
      )}
    </section>
  );
}
