// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { TextField } from './text-field';

afterEach(cleanup);

const renderDialog = (props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) => {
  const onConfirm = vi.fn();
  render(
    <ConfirmDialog
      title="Start Mega?"
      effect="Kilo ends now."
      confirmLabel="Start Mega"
      pending={false}
      onConfirm={onConfirm}
      onClose={() => {}}
      {...props}
    />,
  );
  return { onConfirm, confirm: () => screen.getByRole('button', { name: 'Start Mega' }) };
};

describe('Button', () => {
  it('draws the danger variant as danger, not as the primary accent', () => {
    render(<Button variant="danger">Ban</Button>);
    const classes = [...screen.getByRole('button').classList];
    expect(classes).toContain('bg-danger');
    expect(classes).not.toContain('bg-accent');
  });

  it('looks disabled when disabled, in every variant: faded, not-allowed, no hover change', () => {
    for (const variant of ['primary', 'secondary', 'ghost', 'danger'] as const) {
      render(
        <Button variant={variant} disabled>
          {variant}
        </Button>,
      );
      const classes = [...screen.getByRole('button', { name: variant }).classList];
      expect(classes).toEqual(
        expect.arrayContaining(['disabled:cursor-not-allowed', 'disabled:opacity-50']),
      );
      // Every hover of the variant is guarded by not-disabled: none applies to a disabled button.
      expect(classes.filter((name) => name.startsWith('hover:'))).toEqual([]);
    }
  });
});

describe('ConfirmDialog', () => {
  it('an ordinary action confirms with the primary button and says nothing of undoing', () => {
    const { confirm } = renderDialog();
    expect(confirm().dataset.variant).toBe('primary');
    expect(screen.queryByTestId('confirm-cannot-undo')).toBeNull();
  });

  it('an irreversible action confirms with the danger button and says what cannot be undone', () => {
    const { confirm } = renderDialog({ cannotBeUndone: 'Kilo cannot be reopened.' });
    expect(confirm().dataset.variant).toBe('danger');
    const warning = screen.getByTestId('confirm-cannot-undo');
    expect(warning.textContent).toBe('Kilo cannot be reopened.');
    expect(confirm().getAttribute('aria-describedby')).toBe(warning.id);
  });

  it('a typed confirmation enables the button only on the exact name', () => {
    const { confirm, onConfirm } = renderDialog({ typeToConfirm: 'Mega' });
    const field = screen.getByLabelText('Type Mega to confirm');
    expect(confirm()).toHaveProperty('disabled', true);
    for (const nearMiss of ['Meg', 'mega', 'Mega ', ' Mega', 'MEGA']) {
      fireEvent.change(field, { target: { value: nearMiss } });
      expect(confirm()).toHaveProperty('disabled', true);
      // Enter in the field submits the form: that path is guarded too.
      fireEvent.submit(field.closest('form')!);
    }
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: 'Mega' } });
    expect(confirm()).toHaveProperty('disabled', false);
    fireEvent.click(confirm());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('focuses the first field that turns invalid, so the person lands on what to fix', () => {
    const dialog = (error?: string) => (
      <ConfirmDialog
        title="Ban ann?"
        effect="Ann is signed out."
        confirmLabel="Ban"
        pending={false}
        onConfirm={() => {}}
        onClose={() => {}}
      >
        <TextField label="Other" name="other" />
        <TextField label="Reason" name="reason" error={error} />
      </ConfirmDialog>
    );
    const { rerender } = render(dialog());
    screen.getByRole('button', { name: 'Ban' }).focus();
    rerender(dialog('A reason is required'));
    expect(document.activeElement).toBe(screen.getByLabelText('Reason'));
  });
});
