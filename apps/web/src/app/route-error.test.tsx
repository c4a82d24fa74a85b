// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error';

let broken = true;

function Screen() {
  if (broken) throw new Error('the screen broke');
  return <p>the screen</p>;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  broken = true;
});

describe('the route error', () => {
  it('replaces a screen that throws, stays at that address, and goes once the address changes', () => {
    // React and the error screen both report the error: the console is the operator's clue.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    const page = (locationKey: string) => (
      <RouteErrorBoundary locationKey={locationKey}>
        <Screen />
      </RouteErrorBoundary>
    );
    const { rerender } = render(page('first'));
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(reported).toHaveBeenCalledWith(new Error('the screen broke'));

    broken = false;
    rerender(page('first'));
    expect(screen.queryByText('the screen')).toBeNull();
    rerender(page('second'));
    expect(screen.getByText('the screen')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
