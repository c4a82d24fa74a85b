// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { toast } from './toast';

const sonner = vi.hoisted(() => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
  Toaster: () => <div data-testid="toaster" />,
}));
vi.mock('sonner', () => sonner);

afterEach(cleanup);

describe('toast', () => {
  it('loads sonner with the first toast, then mounts its toaster and shows the toast', async () => {
    render(<LazyToaster />);
    expect(screen.queryByTestId('toaster')).toBeNull();

    await act(async () => toast.error('Something went wrong', { id: 'x' }));
    await vi.waitFor(() =>
      expect(sonner.toast.error).toHaveBeenCalledWith('Something went wrong', { id: 'x' }),
    );
    expect(screen.getByTestId('toaster')).toBeDefined();

    toast.success('Saved');
    await vi.waitFor(() => expect(sonner.toast.success).toHaveBeenCalledWith('Saved'));
  });
});
