/**
 * The finish checks of issue 27, run on whatever is on screen (a page or an open dialog):
 * every visible time in the one style, no developer text, nothing wider than its container.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** A time as the one formatter writes it: `YYYY-MM-DD HH:mm`, `YYYY-MM-DD`, or relative. */
const ONE_STYLE_TIME =
  /^(\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?|just now|\d+ (min|h|d) ago|in \d+ (s|min|h)( \d+ min)?)$/;

/**
 * Dates and times written any other way: 25/11/2026, an ISO stamp, 1:30 PM, Nov 25. Two
 * figures around a slash are a count ("3/16 quests"), not a date.
 */
const OTHER_TIME_STYLES = [
  /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/,
  /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/,
  /\b\d{1,2}:\d{2}\s?(AM|PM|am|pm)\b/,
  /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2}\b/,
];

/** Words of code, not of people: booleans, snake_case identifiers, a word written twice. */
const DEVELOPER_TEXT = [
  { name: 'a boolean', pattern: /\b(true|false)\b/i },
  { name: 'a snake_case identifier', pattern: /\b[a-z][a-z0-9]*_[a-z0-9_]+\b/ },
  { name: 'a doubled word', pattern: /\b([A-Za-z]{2,})\s+\1\b/i },
];

export interface SweepFinding {
  where: string;
  what: string;
}

/**
 * The visible text of `root`, one entry per text node. Text marked `translate="no"` (a file's
 * name, a column's, a licence's) is written as it is in every language, and is left out.
 * With `pageLanguageOnly`, so is text marked as in another language than the page's (a
 * country's name from the browser's own data, which may lack the page's language).
 */
async function visibleTexts(root: Locator, pageLanguageOnly = false): Promise<string[]> {
  return root.evaluate((element, onlyThePage) => {
    const pageLanguage = document.documentElement.lang;
    const texts: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      if (!parent || !text) continue;
      if (parent.closest('script, style, noscript, template, [aria-hidden="true"]')) continue;
      if (parent.closest('[translate="no"]')) continue;
      const language = parent.closest('[lang]')?.getAttribute('lang');
      if (onlyThePage && language && language !== pageLanguage) continue;
      const box = parent.getBoundingClientRect();
      const style = getComputedStyle(parent);
      const hidden = box.width <= 1 || box.height <= 1 || style.visibility === 'hidden';
      if (!hidden) texts.push(text);
    }
    return texts;
  }, pageLanguageOnly);
}

/** Every `<time>` shown, with what it reads. */
async function shownTimes(root: Locator): Promise<string[]> {
  return root.locator('time').evaluateAll((times) =>
    times
      .filter((time) => time.getBoundingClientRect().width > 1)
      // A relative time holds its absolute one as a tooltip after its own words.
      .map((time) => time.firstChild?.textContent?.trim() ?? ''),
  );
}

/**
 * Elements that stick out of their container sideways: an element whose box passes its
 * parent's, unless it floats (absolute, fixed) or sits in a container made to scroll sideways.
 */
async function overflowingElements(root: Locator): Promise<string[]> {
  return root.evaluate((element) => {
    const found: string[] = [];
    const scrollsSideways = (node: Element) => {
      const overflow = getComputedStyle(node).overflowX;
      return overflow === 'auto' || overflow === 'scroll';
    };
    const describe = (node: Element) => {
      const id = node.getAttribute('data-testid') ?? node.getAttribute('aria-label') ?? '';
      const text = node.textContent?.replace(/\s+/g, ' ').trim().slice(0, 40) ?? '';
      return `${node.tagName.toLowerCase()}${id ? `[${id}]` : ''} "${text}"`;
    };
    const visit = (node: Element, insideScroller: boolean) => {
      const style = getComputedStyle(node);
      if (style.display === 'none' || style.position === 'fixed') return;
      const floats = style.position === 'absolute';
      const parent = node.parentElement;
      if (!insideScroller && !floats && parent && parent !== element.parentElement) {
        const box = node.getBoundingClientRect();
        const frame = parent.getBoundingClientRect();
        const visible = box.width > 1 && box.height > 1;
        const parentShown = getComputedStyle(parent).display !== 'contents';
        if (visible && parentShown && (box.right > frame.right + 1 || box.left < frame.left - 1)) {
          found.push(`${describe(node)} passes ${describe(parent)}`);
        }
      }
      for (const child of node.children) visit(child, insideScroller || scrollsSideways(node));
    };
    visit(element, false);
    return found;
  });
}

/**
 * Runs every check on `root`, naming `where` in each finding. Usernames and addresses are
 * the people's own words (they may hold an underscore), so `ownWords` (texts, or global
 * patterns) are blanked first.
 */
export async function sweepFindings(
  root: Locator,
  where: string,
  ownWords: readonly (string | RegExp)[] = [],
): Promise<SweepFinding[]> {
  const findings: SweepFinding[] = [];
  for (const time of await shownTimes(root)) {
    if (!ONE_STYLE_TIME.test(time)) findings.push({ where, what: `a time reads "${time}"` });
  }
  for (const raw of await visibleTexts(root)) {
    const text = ownWords.reduce<string>(
      (rest, word) =>
        typeof word === 'string' ? rest.split(word).join('·') : rest.replace(word, '·'),
      raw,
    );
    for (const style of OTHER_TIME_STYLES) {
      if (style.test(text)) findings.push({ where, what: `a time in another style: "${raw}"` });
    }
    for (const { name, pattern } of DEVELOPER_TEXT) {
      if (pattern.test(text)) findings.push({ where, what: `${name}: "${raw}"` });
    }
  }
  for (const overflow of await overflowingElements(root)) {
    findings.push({ where, what: `wider than its container: ${overflow}` });
  }
  return findings;
}

/** The document itself never scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
  expect.soft(overflow, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(0);
}

/**
 * Words that stay as they are in every language (the pseudo-locale too): the platforms and
 * browsers, the points, the cycles, units, addresses (`chrome://extensions`) and file types. A visible word of plain ASCII letters outside these, and outside
 * the person's own words, was written outside a message.
 */
const SAME_IN_EVERY_LANGUAGE =
  /\b(X|Discord|Telegram|YouTube|Chrome|Edge|Brave|Firefox|Safari|Opera|Windows|macOS|Linux|Android|iOS|ChromeOS|Bytes?|Kilo|Mega|Giga|Terra|Peta|Mbps|Mbit|ms|kB|MB|IP|CSV|OK|ID|UTC|ALTCHA|Netpulse)\b|[a-z]+:\/\/\S*|\.zip\b/g;

/**
 * The pseudo-locale's checks (docs/ARCHITECTURE.md section 13): in `en-XA` every message is
 * accented, so a word in plain English letters is text that no message carries; and text
 * longer than English must stay inside its box (cut with an ellipsis on purpose is fine).
 */
export async function pseudoLocaleFindings(
  root: Locator,
  where: string,
  ownWords: readonly (string | RegExp)[] = [],
): Promise<SweepFinding[]> {
  const findings: SweepFinding[] = [];
  for (const raw of await visibleTexts(root, true)) {
    const text = ownWords
      .reduce<string>(
        (rest, word) =>
          typeof word === 'string' ? rest.split(word).join(' ') : rest.replace(word, ' '),
        raw,
      )
      .replace(SAME_IN_EVERY_LANGUAGE, ' ');
    const english = text.match(/(?<![\p{L}\p{N}])[A-Za-z]{2,}(?![\p{L}\p{N}])/gu);
    if (english)
      findings.push({ where, what: `not in a message: "${raw}" (${english.join(' ')})` });
  }
  for (const overflow of await overflowingTexts(root)) {
    findings.push({ where, what: `text out of its box: ${overflow}` });
  }
  for (const overflow of await overflowingElements(root)) {
    findings.push({ where, what: `wider than its container: ${overflow}` });
  }
  return findings;
}

/**
 * Text that runs out of its element sideways, or is cut by it, unless cut on purpose with an
 * ellipsis or inside a container made to scroll sideways.
 */
async function overflowingTexts(root: Locator): Promise<string[]> {
  return root.evaluate((element) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      if (!parent || !text) continue;
      if (parent.closest('script, style, noscript, template, [aria-hidden="true"], .sr-only'))
        continue;
      let box: Element = parent;
      while (getComputedStyle(box).display === 'inline' && box.parentElement)
        box = box.parentElement;
      const style = getComputedStyle(box);
      if (style.textOverflow === 'ellipsis') continue;
      let scroller: Element | null = box;
      while (scroller && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX)) {
        scroller = scroller.parentElement;
      }
      if (scroller && scroller !== document.documentElement && scroller !== document.body) continue;
      const frame = box.getBoundingClientRect();
      if (frame.width <= 1 || frame.height <= 1) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const shown = range.getBoundingClientRect();
      if (shown.right > frame.right + 1 || shown.left < frame.left - 1) {
        found.push(`"${text.slice(0, 40)}" in ${box.tagName.toLowerCase()}`);
      }
    }
    return found;
  });
}
