import { isCatalogLocale, type CatalogLocale } from '@netpulse/i18n';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app';
import { createAppRouter, preloadPage } from '@/app/router';
import { loadPublicConfig } from '@/config/public-config';
import { authStore } from '@/lib/auth-store';
import { startInLocale } from '@/lib/i18n/active-locale';
import { loadMessages } from '@/lib/i18n/catalogs';
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
  // The catalog downloads while the settings are read: only the one language shown.
  const [config, messages] = await Promise.all([
    loadPublicConfig(),
    loadMessages(locale, ['start']),
  ]);
  startInLocale(locale, messages);
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
      <App router={createAppRouter()} />
    </StrictMode>
  );
  // Pages the server sends prerendered (/login, /dashboard) are hydrated in
  // place: their markup is on screen before this script runs. The others start empty.
  const { pathname } = window.location;
  if (prerenderedFor) {
    const signedIn = prerenderedFor === 'signed-in';
    setPrerenderedPage({ path: pathname, signedIn, locale });
    // The page's lazy layout and screen first, so that it hydrates in one pass: a
    // screen hydrated later could find data its layout fetched meanwhile, and
    // differ from its markup. (A failed fetch shows in the route's error element.)
    await preloadPage(pathname, signedIn).catch(() => {});
    hydrateRoot(rootElement, app);
  } else {
    void preloadPage(pathname, authStore.getToken() !== null).catch(() => {});
    createRoot(rootElement).render(app);
  }
}

void start();
