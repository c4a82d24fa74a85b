import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app';
import { createAppRouter, preloadPage } from '@/app/router';
import { loadPublicConfig } from '@/config/public-config';
import { authStore } from '@/lib/auth-store';
import { afterBrowserIdle } from '@/lib/browser-idle';
import { PRERENDERED_ATTRIBUTE, setPrerenderedPage } from '@/lib/prerender';
import './index.css';

async function start() {
  const config = await loadPublicConfig();
  document.title = config.productName;
  // The extension gets the sign-in a moment after the page is up: its bridge is no part
  // of the first paint, so it stays out of the first load (bench/web's /login budget).
  afterBrowserIdle(() => {
    void import('@/components/extension/extension-bridge').then(({ keepExtensionSignedIn }) =>
      keepExtensionSignedIn(config.extensionId, authStore),
    );
  });

  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root element.');
  const app = (
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>
  );
  // Pages the server sends prerendered (/login, /dashboard) are hydrated in
  // place: their markup is on screen before this script runs. The others start empty.
  const { pathname } = window.location;
  const prerenderedFor = rootElement.getAttribute(PRERENDERED_ATTRIBUTE);
  if (prerenderedFor) {
    const signedIn = prerenderedFor === 'signed-in';
    setPrerenderedPage({ path: pathname, signedIn });
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
