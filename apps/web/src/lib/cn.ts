import { createTailwindMerge, validators } from 'tailwind-merge';

const { isAny, isNumber, isTshirtSize } = validators;

/** Utilities whose value is any length, keyword or theme step: `p-4`, `w-full`, `h-[22px]`. */
const anyValue = [isAny];

/**
 * The groups of utilities that set one thing, as this app writes them. tailwind-merge's own
 * config knows every utility of Tailwind and would add about 6 KB (gzip) to /login, the page
 * with the tightest JavaScript budget (bench/web); its merging core with this config adds
 * about 3 KB. A utility in no group here is kept as before, whatever else is in the list.
 */
const classGroups = {
  display: [
    'block',
    'inline-block',
    'inline',
    'flex',
    'inline-flex',
    'grid',
    'inline-grid',
    'contents',
    'table',
    'hidden',
  ],
  position: ['static', 'fixed', 'absolute', 'relative', 'sticky'],
  visibility: ['visible', 'invisible', 'collapse'],
  // Spacing: the sides after the axes after the whole, as Tailwind orders them.
  p: [{ p: anyValue }],
  px: [{ px: anyValue }],
  py: [{ py: anyValue }],
  pt: [{ pt: anyValue }],
  pr: [{ pr: anyValue }],
  pb: [{ pb: anyValue }],
  pl: [{ pl: anyValue }],
  // The logical sides (docs/ARCHITECTURE.md section 13: layout is written with them).
  ps: [{ ps: anyValue }],
  pe: [{ pe: anyValue }],
  m: [{ m: anyValue }],
  mx: [{ mx: anyValue }],
  my: [{ my: anyValue }],
  mt: [{ mt: anyValue }],
  mr: [{ mr: anyValue }],
  mb: [{ mb: anyValue }],
  ml: [{ ml: anyValue }],
  ms: [{ ms: anyValue }],
  me: [{ me: anyValue }],
  gap: [{ gap: anyValue }],
  'gap-x': [{ 'gap-x': anyValue }],
  'gap-y': [{ 'gap-y': anyValue }],
  // Sizes.
  size: [{ size: anyValue }],
  w: [{ w: anyValue }],
  h: [{ h: anyValue }],
  'min-w': [{ 'min-w': anyValue }],
  'min-h': [{ 'min-h': anyValue }],
  'max-w': [{ 'max-w': anyValue }],
  'max-h': [{ 'max-h': anyValue }],
  // Flex and grid.
  'flex-direction': [{ flex: ['row', 'row-reverse', 'col', 'col-reverse'] }],
  'flex-wrap': [{ flex: ['wrap', 'wrap-reverse', 'nowrap'] }],
  flex: [{ flex: [isNumber, 'auto', 'initial', 'none'] }],
  'align-items': [{ items: anyValue }],
  'align-self': [{ self: anyValue }],
  'justify-content': [{ justify: anyValue }],
  'grid-cols': [{ 'grid-cols': anyValue }],
  // Type: `text-sm` is a size, `text-left` an alignment, any other `text-*` a colour.
  'font-size': [{ text: [isTshirtSize] }],
  'text-alignment': [{ text: ['left', 'center', 'right', 'justify', 'start', 'end'] }],
  'text-color': [{ text: anyValue }],
  'font-weight': [{ font: ['light', 'normal', 'medium', 'semibold', 'bold', 'extrabold'] }],
  'font-family': [{ font: ['sans', 'serif', 'mono'] }],
  leading: [{ leading: anyValue }],
  tracking: [{ tracking: anyValue }],
  whitespace: [{ whitespace: anyValue }],
  // Surfaces: `border` and `border-2` are widths, `border-dashed` a style, any other a colour.
  'bg-color': [{ bg: anyValue }],
  'border-w': [{ border: ['', isNumber] }],
  'border-w-t': [{ 'border-t': ['', isNumber] }],
  'border-w-b': [{ 'border-b': ['', isNumber] }],
  'border-w-s': [{ 'border-s': ['', isNumber] }],
  'border-w-e': [{ 'border-e': ['', isNumber] }],
  'border-style': [{ border: ['solid', 'dashed', 'dotted', 'double', 'hidden', 'none'] }],
  'border-collapse': [{ border: ['collapse', 'separate'] }],
  'border-color': [{ border: anyValue }],
  rounded: [{ rounded: ['', isAny] }],
  shadow: [{ shadow: ['', 'none', isTshirtSize] }],
  'shadow-color': [{ shadow: anyValue }],
  opacity: [{ opacity: anyValue }],
  cursor: [{ cursor: anyValue }],
  overflow: [{ overflow: anyValue }],
};

const merge = createTailwindMerge(() => ({
  cacheSize: 500,
  theme: {},
  classGroups,
  conflictingClassGroups: {
    p: ['px', 'py', 'pt', 'pr', 'pb', 'pl', 'ps', 'pe'],
    px: ['pr', 'pl', 'ps', 'pe'],
    py: ['pt', 'pb'],
    m: ['mx', 'my', 'mt', 'mr', 'mb', 'ml', 'ms', 'me'],
    mx: ['mr', 'ml', 'ms', 'me'],
    my: ['mt', 'mb'],
    gap: ['gap-x', 'gap-y'],
    size: ['w', 'h'],
    'border-w': ['border-w-t', 'border-w-b', 'border-w-s', 'border-w-e'],
    // A text size sets its line height too.
    'font-size': ['leading'],
  },
  conflictingClassGroupModifiers: {},
  orderSensitiveModifiers: [],
}));

/**
 * Joins the truthy class names; where two set the same thing (`size-4` after a component's
 * `size-5`, a caller's `py-6` after `py-16`) the later one wins, so a caller's `className`
 * overrides the component's own. Without the merge the winner would be whichever utility
 * Tailwind happens to emit later in the stylesheet, not the caller.
 */
export function cn(...classNames: (string | false | null | undefined)[]): string {
  return merge(classNames);
}
