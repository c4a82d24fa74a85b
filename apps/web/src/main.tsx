import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { createAppRouter } from './app/router';
import { loadPublicConfig } from './config/public-config';
import { authStore } from './lib/auth-store';
import { keepExtensionSignedIn } from './lib/extension';
import { markStartedFromPrerenderedMarkup } from './lib/prerender';
import './index.css';

async function start() {
  const config = await loadPublicConfig();
  document.title = config.productName;
  keepExtensionSignedIn(config.extensionId, authStore);

  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root element.');
  const app = (
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>
  );
  // Pages the server sends prerendered (/login) are hydrated in place: their
  // markup is on screen before this script runs. The others start empty.
  if (rootElement.firstElementChild) {
    markStartedFromPrerenderedMarkup();
    hydrateRoot(rootElement, app);
  } else {
    createRoot(rootElement).render(app);
  }
}

void start();
