// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateField } from './date-field';

afterEach(cleanup);

describe('DateField (one day in the app calendar)', () => {
  it('shows the picked day as YYYY-MM-DD in a read-only field, with what it means', () => {
    render(
      <DateField
        label="Planned end"
        value={new Date(2026, 11, 1)}
        onChange={vi.fn()}
        description="Ends at 00:00 UTC on the day you pick."
      />,
    );
    const field = screen.getByRole('combobox', { name: 'Planned end' });
    expect((field as HTMLInputElement).value).toBe('2026-12-01');
    expect(field.hasAttribute('readonly')).toBe(true);
    expect(field.getAttribute('type')).toBe('text');
    const description = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('Ends at 00:00 UTC on the day you pick.');
  });

  it('is empty with a YYYY-MM-DD placeholder until a day is picked, and says an error instead', () => {
    render(
      <DateField label="Planned end" value={undefined} onChange={vi.fn()} error="Too early" />,
    );
    const field = screen.getByRole('combobox', { name: 'Planned end' }) as HTMLInputElement;
    expect(field.value).toBe('');
    expect(field.placeholder).toBe('YYYY-MM-DD');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Too early',
    );
  });
});
