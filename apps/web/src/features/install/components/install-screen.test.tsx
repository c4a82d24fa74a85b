// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@/lib/router';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PUBLIC_CONFIG, setPublicConfig } from '@/config/public-config';
import { detectBrowser } from '@/features/install/browsers';
import { InstallScreen } from './install-screen';

function renderScreen() {
  return render(
    <MemoryRouter>
      <InstallScreen />
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  setPublicConfig(DEFAULT_PUBLIC_CONFIG);
});

describe('the install page', () => {
  it("walks through the chosen browser's extensions page, Developer mode and Load unpacked", () => {
    renderScreen();
    fireEvent.click(screen.getByRole('radio', { name: 'Edge' }));
    const steps = screen.getByRole('list', { name: 'Install steps for Edge' });
    expect(within(steps).getAllByRole('heading', { level: 3 })).toHaveLength(5);
    expect(within(steps).getByText('edge://extensions', { selector: 'code' })).toBeTruthy();
    expect(within(steps).getByText(/in the left-hand panel/)).toBeTruthy();
    expect(within(steps).getAllByRole('img')).toHaveLength(5);
    expect(screen.getByRole('link', { name: 'Download the extension' }).getAttribute('href')).toBe(
      '/downloads/extension.zip',
    );
  });

  it('offers the store page instead of the unpacked steps when one is set', () => {
    setPublicConfig({ ...DEFAULT_PUBLIC_CONFIG, extensionStoreUrl: 'https://store.example/x' });
    renderScreen();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByText('Load unpacked')).toBeNull();
    const store = screen.getByRole('link', { name: 'Open the store page' });
    expect(store.getAttribute('href')).toBe('https://store.example/x');
    expect(screen.getByRole('heading', { name: /You are signed out/ })).toBeTruthy();
  });

  it('starts on the browser the page is open in', () => {
    const chrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
    expect(detectBrowser(chrome, false)).toBe('chrome');
    expect(detectBrowser(`${chrome} Edg/131.0`, false)).toBe('edge');
    expect(detectBrowser(chrome, true)).toBe('brave');
  });
});
