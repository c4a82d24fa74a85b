/**
 * Renders a page's markup at build time (see prerender-plugin.ts), as the
 * browser's first render will produce it, so that main.tsx can hydrate it.
 */
import { CATALOG_PARTS } from '@netpulse/i18n';
import { shownSettingPlaceholder } from '@netpulse/shared';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { MemoryRouter } from '@/lib/router';
import { App } from '@/app';
import { AppRoutes } from '@/app/router';
import { DEFAULT_PUBLIC_CONFIG, setPublicConfig } from '@/config/public-config';
import { loadMessages } from '@/lib/i18n/catalogs';
import { startInLocale } from '@/lib/i18n/active-locale';
import { setPrerenderedPage, type PrerenderedPage } from '@/lib/prerender';

// The settings the markup shows are the server's: it fills them in when serving.
const PLACEHOLDER_CONFIG = {
  ...DEFAULT_PUBLIC_CONFIG,
  productName: shownSettingPlaceholder('productName'),
  captchaProvider: shownSettingPlaceholder('captchaProvider') as 'altcha',
  extensionStoreUrl: shownSettingPlaceholder('extensionInstallUrl'),
};

export async function renderPage(page: PrerenderedPage): Promise<string> {
  // The ad slots do not show the script's address, only whether there is one.
  setPublicConfig({ ...PLACEHOLDER_CONFIG, adScriptUrl: page.withAds ? 'ad-script' : null });
  setPrerenderedPage(page);
  startInLocale(page.locale, await loadMessages(page.locale), CATALOG_PARTS);
  // Unlike renderToString, prerender waits for the lazy parts (layout, screen, form).
  const { prelude } = await prerender(
    <StrictMode>
      <App>
        <MemoryRouter initialEntries={[page.path]}>
          <AppRoutes />
        </MemoryRouter>
      </App>
    </StrictMode>,
    // Every boundary inline, in place: no large one moved to the end with an inline
    // script to put it back (the CSP allows no inline script, and nothing streams here).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
