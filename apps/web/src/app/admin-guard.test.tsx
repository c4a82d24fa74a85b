// @vitest-environment happy-dom
import type { Role } from '@netpulse/shared';
import { testProfile } from '@testing/test-profile';
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from '@/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { AdminGuard } from './admin-guard';
import { renderInApp } from '@testing/render-in-app';

// Stands in for the console's chunk, and records whether it was fetched at all.
const consoleChunk = vi.hoisted(() => ({ loaded: false }));
vi.mock('@/features/admin/console-routes', () => {
  consoleChunk.loaded = true;
  return { ConsoleRoutes: () => <p>the console</p> };
});

function renderAt(path: string, role: Role | Error) {
  vi.spyOn(apiClient, 'get').mockImplementation(async (url) => {
    if (url !== '/api/auth/profile') throw new Error(`unexpected call ${url}`);
    if (role instanceof Error) throw role;
    return { success: true, message: 'OK', data: testProfile({ role }) };
  });
  return renderInApp(
    <Routes>
      <Route path="/admin/*" element={<AdminGuard />} />
      <Route path="/dashboard" element={<p>the dashboard</p>} />
    </Routes>,
    { at: path },
  );
}

beforeEach(() => {
  vi.restoreAllMocks();
  consoleChunk.loaded = false;
});
afterEach(cleanup);

describe('the console guard', () => {
  it('sends a member to the dashboard without fetching the console', async () => {
    renderAt('/admin/users/7', 'member');
    expect(await screen.findByText('the dashboard')).toBeTruthy();
    expect(screen.queryByText('the console')).toBeNull();
    expect(consoleChunk.loaded).toBe(false);
  });

  it('shows the console to an admin', async () => {
    renderAt('/admin', 'admin');
    expect(await screen.findByText('the console')).toBeTruthy();
    expect(consoleChunk.loaded).toBe(true);
  });

  it('says so when the profile cannot be read, and shows neither', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/admin', new Error('offline'));
    expect(await screen.findByText(/console cannot open/)).toBeTruthy();
    expect(screen.queryByText('the dashboard')).toBeNull();
    expect(consoleChunk.loaded).toBe(false);
  });
});
