import { useEffect, useRef, useState } from 'react';
import { LoadingState } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { discordCallbackUrl } from '@/features/discord-auth/discord-callback';

/** /discord-auth: Discord sends the browser here; the token goes on to the backend. */
export function DiscordAuthScreen() {
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
      <h1 className="text-2xl font-semibold tracking-tight text-ink">Discord</h1>
      {callbackUrl ? (
        <LoadingState label="Connecting your Discord account…" />
      ) : (
        <p className="text-ink-muted">
          Discord did not return an access token. Go back to{' '}
          <TextLink to={paths.quests.href()}>Quests</TextLink> and try again.
        </p>
      )}
    </section>
  );
}
