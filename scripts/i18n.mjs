// `npm run i18n:extract`, `npm run i18n:compile`, `npm run i18n:check` (also that no catalog
// still holds English): the catalogs of
// docs/ARCHITECTURE.md section 13. English (`catalogs/en.json`) is extracted from the
// messages in the code; the other catalogs translate it key for key; `compiled/` holds
// each catalog parsed to ICU syntax trees, so that no parser ships to a browser.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { parse } from '@formatjs/icu-messageformat-parser';
import { join } from 'node:path';

const CATALOGS = 'packages/i18n/catalogs';
const COMPILED = 'packages/i18n/compiled';
const SOURCE_LOCALE = 'en';
const PSEUDO_LOCALE = 'en-XA';
/** Where messages are written: every part's code, never its tests. */
const SOURCES = [
  'apps/web/src/**/*.{ts,tsx}',
  'apps/server/src/**/*.ts',
  'apps/extension/src/**/*.{ts,tsx}',
  'packages/shared/src/**/*.ts',
];

function formatjs(...args) {
  const run = spawnSync(process.execPath, ['node_modules/@formatjs/cli/bin/formatjs', ...args], {
    encoding: 'utf8',
  });
  if (run.status !== 0) {
    process.stderr.write(run.stdout + run.stderr);
    process.exit(run.status ?? 1);
  }
}

/** The shared contract's texts, registered by `defineTexts` when packages/shared loads. */
function registeredTexts() {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/i18n-registered-texts.ts'], {
    encoding: 'utf8',
  });
  if (run.status !== 0) {
    process.stderr.write(run.stderr);
    process.exit(run.status ?? 1);
  }
  return JSON.parse(run.stdout);
}

function extract(outFile) {
  formatjs(
    'extract',
    ...SOURCES,
    '--ignore',
    '**/*.test.{ts,tsx}',
    '**/*.d.ts',
    '--format',
    'simple',
    '--throws',
    '--out-file',
    outFile,
  );
  const extracted = JSON.parse(readFileSync(outFile, 'utf8'));
  const registered = registeredTexts();
  const clashes = Object.keys(registered).filter(
    (id) => id in extracted && extracted[id] !== registered[id],
  );
  if (clashes.length > 0) {
    process.stderr.write(`Two different English texts have the key ${clashes.join(', ')}\n`);
    process.exit(1);
  }
  const catalog = Object.fromEntries(
    Object.entries({ ...extracted, ...registered }).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    ),
  );
  writeFileSync(outFile, `${JSON.stringify(catalog, null, 2)}\n`);
}

function translatedLocales() {
  return readdirSync(CATALOGS)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length));
}

function compile(outDir) {
  for (const locale of translatedLocales()) {
    formatjs(
      'compile',
      join(CATALOGS, `${locale}.json`),
      '--ast',
      '--format',
      'simple',
      '--out-file',
      join(outDir, `${locale}.json`),
    );
  }
  formatjs(
    'compile',
    join(CATALOGS, `${SOURCE_LOCALE}.json`),
    '--ast',
    '--format',
    'simple',
    '--pseudo-locale',
    PSEUDO_LOCALE,
    '--out-file',
    join(outDir, `${PSEUDO_LOCALE}.json`),
  );
}

/** The names of files in `actualDir` whose text differs from the same file in `expectedDir`. */
function staleFiles(expectedDir, actualDir) {
  return readdirSync(expectedDir).filter((name) => {
    const actual = readFileSync(join(actualDir, name), { encoding: 'utf8', flag: 'r' });
    return actual !== readFileSync(join(expectedDir, name), 'utf8');
  });
}

function check() {
  const scratch = mkdtempSync(join(tmpdir(), 'netpulse-i18n-'));
  const failures = [];
  try {
    extract(join(scratch, 'en.json'));
    if (
      readFileSync(join(scratch, 'en.json'), 'utf8') !==
      readFileSync(join(CATALOGS, 'en.json'), 'utf8')
    ) {
      failures.push(`${CATALOGS}/en.json is not what the code says: run npm run i18n:extract`);
    }
    // Every catalog has every key and no other, and each translation keeps the source's placeholders.
    formatjs(
      'verify',
      '--source-locale',
      SOURCE_LOCALE,
      '--missing-keys',
      '--extra-keys',
      '--structural-equality',
      join(CATALOGS, '*.json'),
    );
    const compiled = join(scratch, 'compiled');
    compile(compiled);
    for (const name of staleFiles(compiled, COMPILED)) {
      failures.push(`${COMPILED}/${name} is older than its catalog: run npm run i18n:compile`);
    }
  } catch (error) {
    failures.push(String(error));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  if (failures.length > 0) {
    process.stderr.write(`${failures.join('\n')}\n`);
    process.exit(1);
  }
  process.stdout.write(
    `catalogs complete: ${translatedLocales().join(', ')} (+ ${PSEUDO_LOCALE})\n`,
  );
}

/**
 * Words a translation keeps as they are: the platforms, the points and the cycles, units.
 * A message made only of these (and placeholders, digits, punctuation) may equal the English.
 */
const SAME_IN_EVERY_LANGUAGE = new Set(
  [
    'X x Discord Telegram YouTube Bytes Kilo Mega Giga Terra Peta Netpulse',
    'Mbps Mbit s ms min h IP CSV OK ID UTC YYYY MM DD ALTCHA',
  ]
    .join(' ')
    .split(' '),
);

/** Words a language has taken from English as they are, which its catalog may keep. */
const LOANWORDS = {
  es: ['Boost', 'Admin', 'Total', 'No'],
  'pt-BR': ['Boost', 'Admin', 'Console', 'Download', 'Upload', 'Online', 'Offline', 'Total'],
  tr: ['Boost'],
  vi: ['Boost', 'Email', 'Node', 'Retweet'],
};

/** The words a message writes itself: its literal parts, plural and select branches included. */
function literalWords(elements) {
  return elements.flatMap((element) => {
    if (element.type === 0) return element.value.split(/[^\p{L}]+/u).filter(Boolean);
    const branches = Object.values(element.options ?? {}).map((option) => option.value);
    return [...branches, element.children ?? []].flatMap(literalWords);
  });
}

function isTranslatable(message, locale) {
  const kept = new Set([...SAME_IN_EVERY_LANGUAGE, ...(LOANWORDS[locale] ?? [])]);
  return literalWords(parse(message)).some((word) => !kept.has(word));
}

/** Fails when a catalog other than English still holds English: a key nobody translated. */
function checkTranslated() {
  const english = JSON.parse(readFileSync(join(CATALOGS, `${SOURCE_LOCALE}.json`), 'utf8'));
  const failures = [];
  for (const locale of translatedLocales().filter((locale) => locale !== SOURCE_LOCALE)) {
    const catalog = JSON.parse(readFileSync(join(CATALOGS, `${locale}.json`), 'utf8'));
    const untranslated = Object.keys(english).filter(
      (id) => catalog[id] === english[id] && isTranslatable(english[id], locale),
    );
    if (untranslated.length > 0) {
      failures.push(
        `${locale}: ${untranslated.length} untranslated, e.g. ${untranslated.slice(0, 5).join(', ')}`,
      );
    }
  }
  if (failures.length > 0) {
    process.stderr.write(`Catalogs with English left in them:\n${failures.join('\n')}\n`);
    process.exit(1);
  }
}

const command = process.argv[2];
if (command === 'extract') extract(join(CATALOGS, `${SOURCE_LOCALE}.json`));
else if (command === 'compile') compile(COMPILED);
else if (command === 'check') {
  check();
  checkTranslated();
} else {
  process.stderr.write('usage: node scripts/i18n.mjs extract|compile|check\n');
  process.exit(2);
}
