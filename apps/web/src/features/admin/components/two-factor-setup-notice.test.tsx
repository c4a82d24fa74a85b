// @vitest-environment happy-dom
import { useQuery } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from '@/lib/router';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { adminKeys } from '@/features/admin/api/admin-query-keys';
import { isTwoFactorSetupRefusal } from '@/features/admin/two-factor-setup-refusal';
import { ConsoleLayout } from './console-layout';
import { renderInApp } from '@testing/render-in-app';

const forbidden = (extra: object = {}) =>
  new ApiError(403, {
    success: false,
    message: 'Add a second factor to use the console',
    ...extra,
  });

/** A console screen whose read the console's API refuses with `error`. */
function RefusedScreen({ error }: { error: Error }) {
  const overview = useQuery({
    queryKey: adminKeys.overview(),
    queryFn: () => Promise.reject(error),
    retry: false,
  });
  return <h1>{overview.isError ? 'the screen’s own error' : 'the overview'}</h1>;
}

function renderConsole(error: Error) {
  return renderInApp(
    <Routes>
      <Route path="/admin" element={<ConsoleLayout />}>
        <Route index element={<RefusedScreen error={error} />} />
      </Route>
    </Routes>,
    { at: '/admin' },
  );
}

afterEach(cleanup);

describe('an admin without a second factor', () => {
  it('sees, instead of the console, why and the way to the Account screen', async () => {
    renderConsole(forbidden({ data: { twoFactorSetupRequired: true } }));
    const notice = await screen.findByTestId('two-factor-setup-notice');
    expect(notice.textContent).toContain('Add a second factor to use the console');
    expect(screen.getByRole('link', { name: 'Go to account settings' }).getAttribute('href')).toBe(
      '/settings',
    );
    expect(screen.queryByTestId('console')).toBeNull();
  });

  it('is not told so for another refusal: the screen says its own', async () => {
    renderConsole(forbidden());
    expect(await screen.findByText('the screen’s own error')).toBeTruthy();
    expect(screen.queryByTestId('two-factor-setup-notice')).toBeNull();
  });
});

describe('the flag of the two-factor refusal', () => {
  it('is a 403 carrying twoFactorSetupRequired in data or in errors', () => {
    expect(isTwoFactorSetupRefusal(forbidden({ data: { twoFactorSetupRequired: true } }))).toBe(
      true,
    );
    expect(
      isTwoFactorSetupRefusal(forbidden({ errors: { twoFactorSetupRequired: ['Add one'] } })),
    ).toBe(true);
    expect(isTwoFactorSetupRefusal(forbidden())).toBe(false);
    expect(
      isTwoFactorSetupRefusal(
        new ApiError(401, { success: false, message: 'x', data: { twoFactorSetupRequired: true } }),
      ),
    ).toBe(false);
    expect(isTwoFactorSetupRefusal(new Error('offline'))).toBe(false);
  });
});
