/**
 * Renders a page's markup at build time (see prerender-plugin.ts), as the
 * browser's first render will produce it, so that main.tsx can hydrate it.
 */
import { publicConfigPlaceholder } from '@netpulse/shared';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { App } from '../app';
import { routes } from '../app/router';
import { DEFAULT_PUBLIC_CONFIG, setPublicConfig } from '../config/public-config';

export async function renderPage(path: string): Promise<string> {
  // The settings shown in the markup are the server's: it fills them in when serving.
  setPublicConfig({
    ...DEFAULT_PUBLIC_CONFIG,
    productName: publicConfigPlaceholder('productName'),
    captchaProvider: publicConfigPlaceholder('captchaProvider') as 'altcha',
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // Unlike renderToString, prerender waits for lazy parts (the login form).
  const { prelude } = await prerender(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
  return new Response(prelude).text();
}
