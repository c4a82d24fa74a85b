// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClampedText } from './clamped-text';

const LONG = 'an-invite-note-without-a-single-space-that-runs-far-past-its-column';

/** Lays the text out as if it were `overflows` its box (happy-dom lays nothing out). */
function layOut(overflows: boolean) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(overflows ? 900 : 100);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(100);
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ClampedText', () => {
  describe('text longer than its box', () => {
    beforeEach(() => layOut(true));

    it('is cut to one line, its whole text in the hover title and for screen readers', () => {
      render(<ClampedText text={LONG} />);
      const text = screen.getByTestId('clamped-text');
      expect(text.classList).toContain('truncate');
      expect(text.title).toBe(LONG);
      expect(text.textContent).toBe(LONG);
    });

    it('shows the whole text, wrapped, on keyboard focus, and cuts it again on blur', () => {
      render(<ClampedText text={LONG} />);
      const text = screen.getByTestId('clamped-text');
      expect(text.tabIndex).toBe(0);
      fireEvent.focus(text);
      expect(text.classList).not.toContain('truncate');
      expect(text.classList).toContain('whitespace-normal');
      fireEvent.blur(text);
      expect(text.classList).toContain('truncate');
    });

    it('shows the whole text on a tap, without the tap also opening the row', () => {
      const onRowClick = vi.fn();
      render(
        <div onClick={onRowClick}>
          <ClampedText text={LONG} />
        </div>,
      );
      const text = screen.getByTestId('clamped-text');
      fireEvent.click(text);
      expect(text.dataset.open).toBe('true');
      expect(onRowClick).not.toHaveBeenCalled();
    });

    it('inside a link only the title reveals it: no second focus stop in the link', () => {
      render(<ClampedText text={LONG} inControl />);
      const text = screen.getByTestId('clamped-text');
      expect(text.title).toBe(LONG);
      expect(text.hasAttribute('tabindex')).toBe(false);
    });
  });

  it('text that fits is plain: no title, no focus stop, a tap passes through', () => {
    layOut(false);
    const onRowClick = vi.fn();
    render(
      <div onClick={onRowClick}>
        <ClampedText text="short" />
      </div>,
    );
    const text = screen.getByTestId('clamped-text');
    expect(text.title).toBe('');
    expect(text.hasAttribute('tabindex')).toBe(false);
    fireEvent.click(text);
    expect(onRowClick).toHaveBeenCalledTimes(1);
  });
});
