import { useEffect } from 'react';
import { loadScript } from '@/lib/load-script';

/** Loads the configured third-party ad script; with no URL configured no script is added at all. */
export function useAdScript(adScriptUrl: string | null): void {
  useEffect(() => {
    if (!adScriptUrl) return;
    loadScript(adScriptUrl).catch((error: unknown) =>
      console.error('The ad script failed to load.', error),
    );
  }, [adScriptUrl]);
}
