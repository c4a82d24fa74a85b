import { isCatalogLocale, type CatalogLocale } from '@netpulse/i18n';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from '@/lib/router';
import { App } from '@/app';
import { AppRoutes, preloadPage } from '@/app/router';
import { loadPublicConfig } from '@/config/public-config';
import { authStore } from '@/lib/auth-store';
import { ensureCatalogPart, startInLocale } from '@/lib/i18n/active-locale';
import { preferredLocale } from '@/lib/i18n/locale-choice';
import { afterBrowserIdle } from '@/lib/browser-idle';
import { PRERENDERED_ATTRIBUTE, setPrerenderedPage } from '@/lib/prerender';
import './index.css';

/**
 * The language of the first render: a prerendered page's own (hydration must render what the
 * build rendered; the server chose it as `preferredLocale` would), else the preferred one.
 */
function firstLocale(prerendered: boolean): CatalogLocale {
  const sent = document.documentElement.lang;
  return prerendered && isCatalogLocale(sent) ? sent : preferredLocale();
}

async function start() {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root element.');
  const prerenderedFor = rootElement.getAttribute(PRERENDERED_ATTRIBUTE);
  const locale = firstLocale(prerenderedFor !== null);
  // The first load's texts download at once, and the page's lazy screen (with the rest of
  // the texts) alongside them, not after: only the one language shown.
  startInLocale(locale);
  const firstTexts = ensureCatalogPart('start');
  const config = await loadPublicConfig();
  document.title = config.productName;
  // The extension gets the sign-in a moment after the page is up: its bridge is no part
  // of the first paint, so it stays out of the first load (bench/web's /login budget).
  afterBrowserIdle(() => {
    void import('@/components/extension/extension-bridge').then(({ keepExtensionSignedIn }) =>
      keepExtensionSignedIn(config.extensionId, authStore),
    );
  });

  const app = (
    <StrictMode>
      <App>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </App>
    </StrictMode>
  );
  // Pages the server sends prerendered (/login, /dashboard, /explorer) are hydrated in
  // place: their markup is on screen before this script runs. The others start empty.
  const { pathname } = window.location;
  if (prerenderedFor) {
    const signedIn = prerenderedFor === 'signed-in';
    setPrerenderedPage({ path: pathname, signedIn, locale });
    // The page's lazy layout and screen first, so that it hydrates in one pass: a
    // screen hydrated later could find data its layout fetched meanwhile, and
    // differ from its markup. (A failed fetch shows the route error: app/route-error.tsx.)
    await Promise.all([firstTexts, preloadPage(pathname, signedIn).catch(() => {})]);
    hydrateRoot(rootElement, app);
  } else {
    void preloadPage(pathname, authStore.getToken() !== null).catch(() => {});
    await firstTexts;
    createRoot(rootElement).render(app);
  }
}

void start();
