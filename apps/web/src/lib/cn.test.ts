import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it.each([
    ['size-5 animate-spin', 'size-4', 'animate-spin size-4'],
    ['flex py-16 text-ink-muted', 'h-72 py-0 sm:h-80', 'flex text-ink-muted h-72 py-0 sm:h-80'],
    ['px-4 py-2.5 rounded-lg', 'px-2 rounded-full', 'py-2.5 px-2 rounded-full'],
    ['p-4 sm:p-6', 'p-0', 'sm:p-6 p-0'],
    ['max-sm:flex max-sm:px-0', 'max-sm:hidden', 'max-sm:px-0 max-sm:hidden'],
    [
      'border border-accent/40 text-accent-strong',
      'border-line text-ink-muted',
      'border border-line text-ink-muted',
    ],
    ['shadow-2xl shadow-black/50', 'shadow-none', 'shadow-black/50 shadow-none'],
    ['block w-24', 'inline-flex w-full', 'inline-flex w-full'],
    ['font-medium font-sans', 'font-semibold', 'font-sans font-semibold'],
    ['bg-accent/10 text-sm/6', 'bg-surface text-xs', 'bg-surface text-xs'],
    [
      '[overflow-wrap:anywhere] -mt-2',
      'mt-1 [overflow-wrap:normal]',
      'mt-1 [overflow-wrap:normal]',
    ],
    ['hover:sm:px-2 !px-1', 'sm:hover:px-3 !px-4', 'sm:hover:px-3 !px-4'],
  ])('%s with %s is %s: the later class of a kind wins', (own, caller, merged) => {
    expect(cn(own, caller)).toBe(merged);
  });

  it.each([
    ['text-sm', 'text-ink'],
    ['text-left', 'text-xs'],
    ['border', 'border-dashed'],
    ['flex', 'flex-col'],
    ['flex-1', 'flex-wrap'],
    ['px-4', 'sm:px-3'],
    ['hover:bg-surface-raised', 'bg-accent'],
    ['animate-pulse', 'animate-spin'],
    ['px-4', '!px-2'],
    ['border-t-2', 'border-t-line'],
  ])('%s and %s set different things: both stay', (one, other) => {
    expect(cn(one, other)).toBe(`${one} ${other}`);
  });

  it('drops what is falsy', () => {
    expect(cn('a', false, null, undefined, '', 'b')).toBe('a b');
  });
});

describe('cn with the logical sides', () => {
  it('keeps a side border beside its colour, and lets a caller override a logical spacing', () => {
    expect(cn('border-e border-line')).toBe('border-e border-line');
    expect(cn('border-s-2 border-accent')).toBe('border-s-2 border-accent');
    expect(cn('ps-3 pe-9', 'ps-4')).toBe('pe-9 ps-4');
    expect(cn('px-2', 'ms-1 me-auto', 'mx-0')).toBe('px-2 mx-0');
  });
});
