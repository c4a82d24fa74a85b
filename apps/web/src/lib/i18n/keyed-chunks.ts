import { Children, createElement, Fragment, isValidElement, type ReactNode } from 'react';

/**
 * The parts of a rich-text message as React children: each element keyed by its place, as
 * react-intl keyed them, so React does not warn about an array of unkeyed elements. The
 * parts of a message never reorder, so their places are keys enough.
 */
export function keyedChunks(chunks: ReactNode[]): ReactNode[] {
  return Children.toArray(chunks).map((child, index) =>
    isValidElement(child) ? createElement(Fragment, { key: index }, child) : child,
  );
}
