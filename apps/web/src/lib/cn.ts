const isAny = () => true;
const isNumber = (value: string) => value !== '' && !Number.isNaN(Number(value));
const isTshirtSize = (value: string) => /^(\d+(\.\d+)?)?(xs|sm|md|lg|xl)$/.test(value);
/** Utilities whose value is any length, keyword or theme step: `p-4`, `w-full`, `h-[22px]`. */
const anyValue = [isAny];

type Validator = (value: string) => boolean;
/** A group's utilities: whole names, values after a prefix (`{ p: anyValue }`), `''` for the bare prefix. */
type ClassDefinition = string | Validator | { [prefix: string]: readonly ClassDefinition[] };

/**
 * The groups of utilities that set one thing, as this app writes them (the notation is
 * tailwind-merge's). That library with its own config would add about 9 KB (gzip) to /login,
 * the page with the tightest JavaScript budget (bench/web), and with this config about 3 KB;
 * the merge below is a few hundred bytes. A utility in no group here is kept, whatever else is
 * in the list.
 */
const classGroups: Record<string, readonly ClassDefinition[]> = {
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

/** Groups a later class of which also sets: a caller's `p-0` overrides the component's `px-4`. */
const conflictingClassGroups: Record<string, readonly string[]> = {
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
};

/** The utilities' names split at their dashes, as a tree: `border` → `t` → its group. */
interface ClassPart {
  next: Map<string, ClassPart>;
  validators: { test: Validator; group: string }[];
  group?: string;
}

const newPart = (): ClassPart => ({ next: new Map(), validators: [] });

function partAt(root: ClassPart, path: string): ClassPart {
  let part = root;
  for (const name of path.split('-').filter(Boolean)) {
    const next = part.next.get(name) ?? newPart();
    part.next.set(name, next);
    part = next;
  }
  return part;
}

function addDefinition(part: ClassPart, definition: ClassDefinition, group: string): void {
  if (typeof definition === 'string') partAt(part, definition).group = group;
  else if (typeof definition === 'function') part.validators.push({ test: definition, group });
  else
    for (const [prefix, definitions] of Object.entries(definition))
      for (const nested of definitions) addDefinition(partAt(part, prefix), nested, group);
}

const classTree = newPart();
for (const [group, definitions] of Object.entries(classGroups))
  for (const definition of definitions) addDefinition(classTree, definition, group);

/** The group of a utility's name split at its dashes: the longest known prefix decides. */
function groupOf(
  names: readonly string[],
  part: ClassPart = classTree,
  at = 0,
): string | undefined {
  if (at === names.length) return part.group;
  const next = part.next.get(names[at] ?? '');
  const nested = next && groupOf(names, next, at + 1);
  if (nested) return nested;
  const value = names.slice(at).join('-');
  return part.validators.find(({ test }) => test(value))?.group;
}

/** Splits at the separators outside brackets: `sm:[&>p]:px-2` into its variants and utility. */
function splitOutsideBrackets(text: string, separator: string): string[] {
  const pieces = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (character === '[' || character === '(') depth += 1;
    else if (character === ']' || character === ')') depth -= 1;
    else if (character === separator && depth === 0) {
      pieces.push(text.slice(start, index));
      start = index + 1;
    }
  }
  pieces.push(text.slice(start));
  return pieces;
}

/** What a class sets, its variants included (`sm:hover:px`), or undefined for one in no group. */
function conflictKey(className: string): { variants: string; group: string } | undefined {
  const variants = splitOutsideBrackets(className, ':');
  let utility = variants.pop() ?? '';
  const important = utility.startsWith('!') || utility.endsWith('!');
  utility = utility.replace(/^!|!$/g, '').replace(/^-/, '');
  // `bg-accent/10`, `text-sm/6`: the opacity or line height after the slash is no part of the group.
  const [withoutModifier = utility] = splitOutsideBrackets(utility, '/');
  // An arbitrary property, `[overflow-wrap:anywhere]`, is a group of its own.
  const property = /^\[([\w-]+):.+\]$/.exec(utility)?.[1];
  const group = property
    ? `[${property}]`
    : (groupOf(withoutModifier.split('-')) ?? groupOf(utility.split('-')));
  if (!group) return undefined;
  return { variants: `${variants.sort().join(':')}${important ? '!' : ''}:`, group };
}

/** `classNames` with each class dropped that a later one of the same group (and variants) overrides. */
function merge(classNames: string): string {
  const overridden = new Set<string>();
  const kept: string[] = [];
  for (const className of classNames.split(/\s+/).filter(Boolean).reverse()) {
    const key = conflictKey(className);
    if (key) {
      if (overridden.has(key.variants + key.group)) continue;
      for (const group of [key.group, ...(conflictingClassGroups[key.group] ?? [])])
        overridden.add(key.variants + group);
    }
    kept.push(className);
  }
  return kept.reverse().join(' ');
}

/**
 * Joins the truthy class names; where two set the same thing (`size-4` after a component's
 * `size-5`, a caller's `py-6` after `py-16`) the later one wins, so a caller's `className`
 * overrides the component's own. Without the merge the winner would be whichever utility
 * Tailwind happens to emit later in the stylesheet, not the caller.
 */
export function cn(...classNames: (string | false | null | undefined)[]): string {
  return merge(classNames.filter(Boolean).join(' '));
}
