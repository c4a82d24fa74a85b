import { useEffect } from 'react';

/**
 * Loads the configured third-party ad script; with no URL configured no script is added at
 * all. The loader itself is fetched only then, so a site without ads never downloads it.
 */
export function useAdScript(adScriptUrl: string | null): void {
  useEffect(() => {
    if (!adScriptUrl) return;
    import('@/lib/load-script')
      .then(({ loadScript }) => loadScript(adScriptUrl))
      .catch((error: unknown) => console.error('The ad script failed to load.', error));
  }, [adScriptUrl]);
}
