// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from './button';
import { LoadingState, Spinner } from './spinner';

/** The class list of `element`, one entry a class. */
const classesOf = (element: Element) => [...element.classList];

/**
 * A component's own classes come first and the caller's last; where both set the same thing,
 * the caller's class is the one left (a class list holding both leaves the winner to the
 * stylesheet's order, which the caller does not control).
 */
describe("a caller's class wins over the component's own", () => {
  afterEach(cleanup);

  it('Spinner: the size the caller gives replaces size-5', () => {
    const { container } = render(<Spinner className="size-4" />);
    const classes = classesOf(container.querySelector('svg')!);
    expect(classes).toContain('size-4');
    expect(classes).not.toContain('size-5');
  });

  it("Button: a loading button's spinner is size-4, not the spinner's own size-5", () => {
    render(<Button isLoading>Save</Button>);
    const classes = classesOf(screen.getByRole('button').querySelector('svg')!);
    expect(classes).toContain('size-4');
    expect(classes).not.toContain('size-5');
  });

  it("Button: the caller's padding and corners replace the button's", () => {
    render(<Button className="px-2 rounded-full">Save</Button>);
    const classes = classesOf(screen.getByRole('button'));
    expect(classes).toEqual(expect.arrayContaining(['px-2', 'rounded-full', 'py-2.5']));
    expect(classes).not.toContain('px-4');
    expect(classes).not.toContain('rounded-lg');
  });

  it("LoadingState: the caller's py-8 replaces py-16, and the rest stays", () => {
    render(<LoadingState label="Loading…" className="py-8" />);
    const classes = classesOf(screen.getByRole('status'));
    expect(classes).toContain('py-8');
    expect(classes).not.toContain('py-16');
    expect(classes).toEqual(expect.arrayContaining(['flex', 'items-center', 'text-ink-muted']));
  });

  it("LoadingState: a caller's h-72 py-0 keeps the height and drops the padding", () => {
    render(<LoadingState className="h-72 py-0 sm:h-80" />);
    const classes = classesOf(screen.getByRole('status'));
    expect(classes).toEqual(expect.arrayContaining(['h-72', 'py-0', 'sm:h-80']));
    expect(classes).not.toContain('py-16');
  });

  it('keeps classes that only look alike: a text size and a text colour both stay', () => {
    render(<LoadingState className="text-sm" />);
    expect(classesOf(screen.getByRole('status'))).toEqual(
      expect.arrayContaining(['text-sm', 'text-ink-muted']),
    );
  });
});
