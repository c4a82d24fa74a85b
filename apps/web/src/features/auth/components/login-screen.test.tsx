// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from '@/lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PUBLIC_CONFIG, setPublicConfig } from '@/config/public-config';
import { loadScript } from '@/lib/load-script';
import { LoginScreen } from './login-screen';

vi.mock('@/lib/load-script', () => ({ loadScript: vi.fn(() => Promise.resolve()) }));

const AD_SCRIPT_URL = 'https://ads.example.com/ads.js';

function renderLogin(adScriptUrl: string | null) {
  setPublicConfig({ ...DEFAULT_PUBLIC_CONFIG, adScriptUrl });
  return render(
    <MemoryRouter>
      <LoginScreen />
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  setPublicConfig(DEFAULT_PUBLIC_CONFIG);
  vi.mocked(loadScript).mockClear();
});

describe('the login screen', () => {
  it('shows no ad slot and loads no ad script when none is configured', () => {
    const { container } = renderLogin(null);
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(container.querySelectorAll('[data-ad-slot]')).toHaveLength(0);
    expect(screen.queryByText('Advertisement')).toBeNull();
    expect(loadScript).not.toHaveBeenCalled();
  });

  it('shows its two ad slots and loads the script when AD_SCRIPT_URL is set', async () => {
    const { container } = renderLogin(AD_SCRIPT_URL);
    expect(container.querySelectorAll('[data-ad-slot]')).toHaveLength(2);
    // The loader is fetched only when an ad script is configured.
    await vi.waitFor(() => expect(loadScript).toHaveBeenCalledWith(AD_SCRIPT_URL));
  });
});
