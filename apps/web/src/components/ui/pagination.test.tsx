// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Pagination } from './pagination';

afterEach(cleanup);

describe('Pagination', () => {
  const renderPages = (totalPages: number) =>
    render(
      <Pagination
        label="Test pages"
        currentPage={1}
        totalPages={totalPages}
        onPageChange={() => {}}
      />,
    );

  it('is not drawn when there is one page (or none)', () => {
    for (const totalPages of [0, 1]) {
      renderPages(totalPages);
      expect(screen.queryByRole('navigation', { name: 'Test pages' })).toBeNull();
      cleanup();
    }
  });

  it('is drawn from two pages on', () => {
    renderPages(2);
    expect(screen.getByRole('navigation', { name: 'Test pages' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Page 2' })).toBeDefined();
  });
});
