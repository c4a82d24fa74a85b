import { existsSync, readdirSync, readFileSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import formatjs from 'eslint-plugin-formatjs';

/** The folders directly inside `dir`. */
const foldersIn = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const serverModules = foldersIn('apps/server/src/modules');

/** The props of the app's components that carry text a person reads. */
const TEXT_PROPS = [
  'label',
  'title',
  'description',
  'placeholder',
  'alt',
  'message',
  'hint',
  'heading',
  'subtitle',
  'caption',
  'tooltip',
  'text',
  'detail',
  'confirmLabel',
  'cancelLabel',
  '*Label',
  '*Title',
  '*Text',
  '*Detail',
  '*Message',
];

/** The files behind the SQL kit's entry (apps/server/src/db/sql-kit.ts). */
const SQL_KIT_FILES = [
  'batched-read.ts',
  'batched-page.ts',
  'batched-row-read.ts',
  'batch-keys.ts',
  'prepared-statement.ts',
  'keyset-chunks.ts',
  'drizzle-internals.ts',
];

const workspaces = JSON.parse(readFileSync('package.json', 'utf8')).workspaces;

/**
 * A workspace package's entry files: what its package.json `exports` names. A pattern
 * (`./compiled/*.json`) opens its whole folder.
 */
function entriesOf(workspace) {
  const { exports } = JSON.parse(readFileSync(`${workspace}/package.json`, 'utf8'));
  return Object.values(exports ?? {})
    .map((file) => (file.startsWith('./') ? file : `./${file}`))
    .map((file) => (file.includes('*') ? file.slice(0, file.lastIndexOf('/')) : file));
}

/*
 * Server modules own their code and their tables (docs/ARCHITECTURE.md sections 9 and 10).
 * A module is used through its public face, modules/<name>/index.ts; a table is read and
 * written through its owner's repository (db/tables/<owner>-tables.ts). The files below
 * read other owners' tables by name, each for its reason: a join across owners in one
 * statement, kept so its plan and its prepared statement stay as they are.
 */
const CROSS_OWNER_READERS = {
  // The person's data export (issue 29): a named read model over every table that holds
  // something of one account (docs/ARCHITECTURE.md section 9).
  'account-data': ['account-export-repository'],
  // The console's overview, users and user page (a named read model over every table).
  admin: ['console-read-model', 'admin-repository'],
  // Signup's code check spans referral codes and invite codes, which must never collide.
  auth: ['users-repository'],
  // The restore's check that every account's points are the sum of its transactions.
  backups: ['restore-check-repository'],
  // The daily claim writes its streak on the user's row (users is auth's).
  claims: ['claims-repository'],
  // Earnings per cycle read the ledger with the user's row and the cycles.
  earnings: ['earnings-repository'],
  // A new code must not be a user's referral code; the invites list counts who used each.
  invites: ['invites-repository'],
  // The one writer of credits and of users.points (section 5), in the cycle of the credit;
  // an account's deletion finds the commissions its tests paid by their tests' ids.
  ledger: ['credit-points', 'credit-details-repository'],
  // A notice's mail reads its recipient's address and language with it, and the digest finds
  // its people among the accounts not deleted, in one statement each.
  notifications: ['notice-mail-repository'],
  // A node's statistics join its speed tests, in the current cycle.
  nodes: ['nodes-repository'],
  // The profile's read joins the user's row and its quest rows in one statement (decision 016).
  'quest-progress': ['quest-progress-repository'],
  // Referral progress joins the referees' rows, their tests and the ledger.
  referrals: ['referrals-repository'],
  // A security event is mailed to the account: its address and language, read from its row.
  'security-events': ['security-events-repository'],
  // Opening and completing a test lock the user's row, credit the ledger and name the node.
  speedtests: ['speedtests-repository', 'speedtest-completion-statements'],
  // first-run-repository.ts is the checklist's read model over the user's row, nodes and
  // referees (decision 033): its SQL names those tables as text, as fraud signals' does.
  // fraud-signals-repository.ts is a read model over sessions, tests and nodes too (decision
  // 023): its SQL names those tables as text, so no import of theirs shows here.
  // explorer-repository.ts is the explorer's read model over the speed tests and the
  // accounts' deletion marks (decision 042): its SQL names speedtests and users as text too.
};

/*
 * The files of a module that hold SQL without being its repository: the named read models
 * and the statements of the write groups. Every other file of a module imports neither
 * drizzle nor a tables file.
 */
const SQL_FILES_BESIDE_REPOSITORIES = [
  // The console's read model over every table (named in CROSS_OWNER_READERS too).
  'apps/server/src/modules/admin/console-read-model.ts',
  // The ledger's credit statements, shared by the claims' and the completions' write groups.
  'apps/server/src/modules/ledger/credit-points.ts',
  // The completions write group's statements (modules/speedtests/completion-group.ts).
  'apps/server/src/modules/speedtests/speedtest-completion-statements.ts',
];

/** What composes and starts the server: nothing below it imports these. */
const SERVER_COMPOSITION = [
  './apps/server/src/app.ts',
  './apps/server/src/server.ts',
  './apps/server/src/bootstrap.ts',
  './apps/server/src/tooling.ts',
  './apps/server/src/cli',
];

const serverModuleZones = foldersIn('apps/server/src/modules').flatMap((module) => {
  const readers = CROSS_OWNER_READERS[module] ?? [];
  return [
    {
      target: `./apps/server/src/modules/${module}/**/*`,
      from: `./apps/server/src/modules/!(${module})/**/!(index).ts`,
      message:
        'A module imports another module only through its public face, modules/<name>/index.ts: export what it needs there.',
    },
    {
      target: `./apps/server/src/modules/${module}/**/${readers.length ? `!(${readers.join('|')}).ts` : '*'}`,
      from: `./apps/server/src/db/tables/!(${module})-tables.ts`,
      message:
        "Another module's tables are its own: call a function its index.ts exports (a join across owners is listed in CROSS_OWNER_READERS with its reason).",
    },
  ];
});

/**
 * The house's shape (docs/ARCHITECTURE.md section 8), as zones no import may cross.
 * Each zone forbids `target` files to import `from` files.
 */
const boundaryZones = [
  // Web: features never import one another; shared code never imports a feature or the app.
  ...foldersIn('apps/web/src/features').map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message:
      'A feature does not import another feature: move what both need to components/, hooks/, lib/ or api/.',
  })),
  {
    // app/ composes the features (routes, layouts, guards); a feature that reached back into it
    // would tie itself to one composition and make an import circle one edit away.
    target: './apps/web/src/features',
    from: './apps/web/src/app',
    message:
      'A feature does not import app/: move what it needs to components/, hooks/, lib/ or api/.',
  },
  {
    target: [
      './apps/web/src/components',
      './apps/web/src/lib',
      './apps/web/src/hooks',
      './apps/web/src/api',
    ],
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message:
      'components/, lib/, hooks/ and api/ serve every feature: they import no feature and not app/.',
  },
  // Server: the layers under the modules know no module.
  {
    target: ['./apps/server/src/db', './apps/server/src/lib', './apps/server/src/providers'],
    from: './apps/server/src/modules',
    message: 'db/, lib/ and providers/ serve every module: they import no module.',
  },
  ...serverModuleZones,
  // Server: the layers above the modules (docs/ARCHITECTURE.md section 10). A module's public
  // face is its index.ts; plugins/ import a module through nothing else, cli/ and bootstrap.ts
  // through nothing else once the module has one, and no module imports what composes it.
  {
    target: './apps/server/src/plugins',
    from: './apps/server/src/modules',
    except: serverModules.map((module) => `./${module}/index.ts`),
    message:
      "plugins/ serve every route: they import a module only through its face (modules/<name>/index.ts); move what a plugin needs of a module's insides to lib/, db/ or the module's face.",
  },
  ...serverModules
    .filter((module) => existsSync(`apps/server/src/modules/${module}/index.ts`))
    .map((module) => ({
      target: ['./apps/server/src/cli', './apps/server/src/bootstrap.ts'],
      from: `./apps/server/src/modules/${module}`,
      except: ['./index.ts'],
      message: `cli/ and bootstrap.ts use the ${module} module through its face (modules/${module}/index.ts).`,
    })),
  {
    target: './apps/server/src/modules',
    from: [...SERVER_COMPOSITION, './apps/server/src/plugins'],
    message:
      'A module does not import what composes or starts the server (app.ts, server.ts, bootstrap.ts, tooling.ts, cli/, plugins/): take what it needs as a parameter, or move it to db/ or lib/.',
  },
  {
    target: [
      './apps/server/src/db',
      './apps/server/src/lib',
      './apps/server/src/providers',
      './apps/server/src/plugins',
    ],
    from: SERVER_COMPOSITION,
    message:
      'db/, lib/, providers/ and plugins/ sit under the app: they import no app.ts, server.ts, bootstrap.ts, tooling.ts or cli/.',
  },
  // Server: the SQL kit (docs/decisions/015) has one entry, db/sql-kit.ts; outside db/ nothing
  // imports the files behind it.
  {
    target: ['./apps/server/src/!(db)/**/*', './apps/server/src/*.ts'],
    from: SQL_KIT_FILES.map((file) => `./apps/server/src/db/${file}`),
    message: 'Use the SQL kit through its entry, db/sql-kit.ts, not a file behind it.',
  },
  // Workspace packages: another package (or the benchmarks) imports one only through its entry.
  ...workspaces.map((workspace) => ({
    target: [...workspaces.filter((other) => other !== workspace), 'bench', 'scripts'].map(
      (other) => `./${other}`,
    ),
    from: `./${workspace}`,
    except: entriesOf(workspace),
    message: `Import ${workspace} through its package entry (package.json "exports"), not a file inside it.`,
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'apps/server/.test-build-*/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'bench/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
      // no-cycle follows imports by parsing each imported file: TypeScript ones too.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    // drizzle's internals are read in one file, behind a contract test (docs/decisions/015).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/db/drizzle-internals.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'drizzle-orm/pg-core',
              importNames: ['PgDialect'],
              message:
                "drizzle's dialect is an internal: use queryOfSql from db/sql-kit.ts (db/drizzle-internals.ts).",
            },
          ],
          patterns: [
            {
              group: ['drizzle-orm/query-builders/*', 'drizzle-orm/*/query-builders/*'],
              message:
                'A file inside drizzle, not its entry: db/drizzle-internals.ts reads it, behind a contract test; use what db/sql-kit.ts exports.',
            },
          ],
        },
      ],
    },
  },
  {
    // A module's SQL lives in its repository (docs/ARCHITECTURE.md section 10): its services,
    // routes and the rest import neither drizzle nor a tables file.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*-repository.ts', '**/*.test.ts', ...SQL_FILES_BESIDE_REPOSITORIES],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // The migrator only reads the migration files' list (backups), it runs no query.
              regex: '^drizzle-orm(?!/migrator$)(/|$)',
              message:
                "Only a module's repository (*-repository.ts) writes SQL: call a function of it.",
            },
            {
              group: ['**/db/tables/*'],
              message:
                "Only a module's repository (*-repository.ts) reads its tables: call a function of it.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/extension/src/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.webextensions } },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../*'], message: 'Import through the @/ alias (the app’s src folder).' },
          ],
        },
      ],
    },
  },
  {
    // Every text a person reads is a message of the catalogs (docs/ARCHITECTURE.md section 13):
    // JSX text, the props that carry text, and toasts. A message names its key and its English.
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/extension/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { formatjs },
    rules: {
      'formatjs/no-literal-string-in-jsx': [
        'error',
        { props: { include: [['*', `{${TEXT_PROPS.join(',')}}`]] } },
      ],
      'formatjs/enforce-default-message': ['error', 'literal'],
      'formatjs/enforce-placeholders': 'error',
      'formatjs/no-multiple-whitespaces': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.object.name='toast'] > :matches(Literal, TemplateLiteral).arguments:first-child`,
          message: 'A toast shows a message of the catalogs: intl().formatMessage(...).',
        },
      ],
    },
  },
);
