import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { loadPublicConfig } from './config/public-config';
import { authStore } from './lib/auth-store';
import { keepExtensionSignedIn } from './lib/extension';
import './index.css';

async function start() {
  const config = await loadPublicConfig();
  document.title = config.productName;
  keepExtensionSignedIn(config.extensionId, authStore);

  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root element.');
  createRoot(rootElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
