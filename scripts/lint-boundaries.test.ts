/**
 * The boundaries of eslint.config.js hold: each kind of wrong import below makes
 * `npm run lint` fail with its rule, and the same file with a right import passes.
 * The files are linted as text under a path that does not exist, so nothing on disk changes.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The rule ids ESLint reports for `code` as if it were the file at `filePath`. */
async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

const WRONG_IMPORTS: { kind: string; file: string; code: string; rule: string }[] = [
  {
    kind: 'a web feature imports another feature',
    file: 'apps/web/src/features/auth/wrong.ts',
    code: "export * from '@/features/dashboard/components/dashboard-stat-cards';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    kind: 'a web feature imports app/',
    file: 'apps/web/src/features/quests/wrong.ts',
    code: "export * from '@/app/route-access';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    kind: 'web components/ import a feature',
    file: 'apps/web/src/components/ui/wrong.ts',
    code: "export * from '@/features/auth/login-resolver';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    kind: 'web lib/ imports app/',
    file: 'apps/web/src/lib/wrong.ts',
    code: "export * from '@/app/route-access';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    kind: 'web hooks/ import a feature',
    file: 'apps/web/src/hooks/wrong.ts',
    code: "export * from '@/features/auth/login-resolver';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    kind: "the web app's shared api/ imports a feature",
    file: 'apps/web/src/api/wrong.ts',
    code: "export * from '@/features/quests/api/quest-request';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    kind: 'the web app imports by a ../ chain instead of the @/ alias',
    file: 'apps/web/src/features/auth/components/wrong.ts',
    code: "export * from '../login-resolver';",
    rule: 'no-restricted-imports',
  },
  {
    kind: 'server db/ imports a module',
    file: 'apps/server/src/db/wrong.ts',
    code: "export * from '../modules/auth/passwords.ts';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    kind: 'server lib/ imports a module',
    file: 'apps/server/src/lib/wrong.ts',
    code: "export * from '../modules/auth/passwords.ts';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    kind: 'a server provider imports a module',
    file: 'apps/server/src/providers/mail/wrong.ts',
    code: "export * from '../../modules/auth/passwords.ts';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    kind: "a server module imports another module's repository",
    file: 'apps/server/src/modules/claims/wrong.ts',
    code: "export * from '../auth/users-repository.ts';",
    rule: 'import-x/no-restricted-paths',
  },
  // The server's layers above the modules: plugins/, cli/, bootstrap.ts and the app.
  {
    kind: "a server plugin imports a module's insides, not its face",
    file: 'apps/server/src/plugins/wrong.ts',
    code: "export * from '../modules/ledger/credit-points.ts';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    kind: 'a server module imports bootstrap.ts',
    file: 'apps/server/src/modules/backups/wrong.ts',
    code: "export * from '../../bootstrap.ts';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    kind: 'a server module imports app.ts',
    file: 'apps/server/src/modules/claims/wrong.ts',
    code: "export * from '../../app.ts';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    kind: 'a server module imports a plugin',
    file: 'apps/server/src/modules/claims/wrong.ts',
    code: "export * from '../../plugins/spa.ts';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    kind: 'a server module imports the command line',
    file: 'apps/server/src/modules/admin-commands/wrong.ts',
    code: "export * from '../../cli/admin-cli.ts';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    kind: 'server lib/ imports bootstrap.ts',
    file: 'apps/server/src/lib/wrong.ts',
    code: "export * from '../bootstrap.ts';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    kind: 'a server plugin imports app.ts',
    file: 'apps/server/src/plugins/wrong.ts',
    code: "export * from '../app.ts';",
    rule: 'import-x/no-restricted-paths',
  },
  // The SQL kit: one entry, and drizzle's internals in one file.
  {
    kind: 'a server module imports a file behind the SQL kit, not its entry',
    file: 'apps/server/src/modules/claims/wrong.ts',
    code: "export { arrayLiteral } from '../../db/batched-read.ts';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    kind: "a server file outside db/drizzle-internals.ts imports drizzle's dialect",
    file: 'apps/server/src/modules/ledger/wrong.ts',
    code: "export { PgDialect } from 'drizzle-orm/pg-core';",
    rule: 'no-restricted-imports',
  },
  {
    kind: 'a server file outside db/drizzle-internals.ts imports a file inside drizzle',
    file: 'apps/server/src/db/wrong.ts',
    code: "export type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';",
    rule: 'no-restricted-imports',
  },
  {
    kind: 'an app imports a file inside a workspace package, not its entry',
    file: 'apps/web/src/lib/wrong.ts',
    code: "export * from '../../../../packages/shared/src/constants.ts';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    kind: 'the benchmarks import a file inside the server, not its entry',
    file: 'bench/lib/wrong.ts',
    code: "export * from '../../apps/server/src/lib/clock.ts';",
    rule: 'import-x/no-restricted-paths',
  },
];

const RIGHT_IMPORTS: { kind: string; file: string; code: string }[] = [
  {
    kind: 'a feature imports shared components through the alias',
    file: 'apps/web/src/features/auth/right.ts',
    code: "export * from '@/components/ui/button';",
  },
  {
    kind: 'a feature imports an endpoint several features share',
    file: 'apps/web/src/features/quests/right.ts',
    code: "export * from '@/api/get-user-profile';",
  },
  {
    kind: "a module imports its own repository and another module's public face",
    file: 'apps/server/src/modules/claims/right.ts',
    code: "export * from './claims-repository.ts';\nexport * from '../auth/index.ts';",
  },
  {
    kind: 'a server plugin imports lib/ and db/',
    file: 'apps/server/src/plugins/right.ts',
    code: "export * from '../lib/route-label.ts';\nexport * from '../db/sqlstate.ts';",
  },
  {
    kind: 'the command line imports bootstrap.ts and db/',
    file: 'apps/server/src/cli/right.ts',
    code: "export * from '../bootstrap.ts';\nexport * from '../db/migration-journal.ts';",
  },
  {
    kind: 'a server module imports db/ and lib/',
    file: 'apps/server/src/modules/backups/right.ts',
    code: "export * from '../../db/migration-journal.ts';\nexport * from '../../lib/committed-credits.ts';",
  },
  {
    kind: "a server module's repository imports the SQL kit through its entry, and drizzle through its own",
    file: 'apps/server/src/modules/claims/right-repository.ts',
    code: "export { arrayLiteral } from '../../db/sql-kit.ts';\nexport { alias } from 'drizzle-orm/pg-core';",
  },
  {
    kind: 'a file of the SQL kit imports another',
    file: 'apps/server/src/db/right.ts',
    code: "export { arrayLiteral } from './batched-read.ts';",
  },
  {
    kind: 'an app imports a package through its entry',
    file: 'apps/web/src/lib/right.ts',
    code: "export { DEFAULT_PRODUCT_NAME } from '@netpulse/shared';",
  },
  {
    kind: "the benchmarks import the server's tooling entry",
    file: 'bench/lib/right.ts',
    code: "export { systemClock } from '@netpulse/server/tooling';",
  },
];

/** Each wrong import fails lint with its rule; each right one passes. */
function describeBoundaries(
  title: string,
  wrongImports: typeof WRONG_IMPORTS,
  rightImports: typeof RIGHT_IMPORTS,
): void {
  describe(title, () => {
    for (const wrong of wrongImports) {
      it(`fails when ${wrong.kind}`, async () => {
        expect(await rulesBroken(wrong.file, wrong.code)).toContain(wrong.rule);
      });
    }
    for (const right of rightImports) {
      it(`passes when ${right.kind}`, async () => {
        expect(await rulesBroken(right.file, right.code)).toEqual([]);
      });
    }
  });
}

describeBoundaries('lint boundaries', WRONG_IMPORTS, RIGHT_IMPORTS);

/** Server modules own their code and tables (issue 26): each wrong import fails with its rule. */
const OWNERSHIP_WRONG: typeof WRONG_IMPORTS = [
  {
    kind: "a server module imports another module's internal file, not its index.ts",
    file: 'apps/server/src/modules/claims/wrong.ts',
    code: "export * from '../auth/passwords.ts';",
    rule: 'import-x/no-restricted-paths',
  },
  {
    kind: 'a service imports drizzle-orm',
    file: 'apps/server/src/modules/seasons/wrong-service.ts',
    code: "export { eq } from 'drizzle-orm';",
    rule: 'no-restricted-imports',
  },
  {
    kind: "a service imports its own module's tables",
    file: 'apps/server/src/modules/seasons/wrong-service.ts',
    code: "export * from '../../db/tables/seasons-tables.ts';",
    rule: 'no-restricted-imports',
  },
  {
    kind: "a repository reads another owner's tables without being a listed reader",
    file: 'apps/server/src/modules/seasons/wrong-repository.ts',
    code: "export * from '../../db/tables/auth-tables.ts';",
    rule: 'import-x/no-restricted-paths',
  },
];

const OWNERSHIP_RIGHT: typeof RIGHT_IMPORTS = [
  {
    kind: "a server module imports another module's index.ts",
    file: 'apps/server/src/modules/claims/right.ts',
    code: "export { banUser } from '../auth/index.ts';",
  },
  {
    kind: "a repository imports drizzle-orm and its module's tables",
    file: 'apps/server/src/modules/seasons/right-repository.ts',
    code: "export { eq } from 'drizzle-orm';\nexport * from '../../db/tables/seasons-tables.ts';",
  },
  {
    kind: "a listed cross-owner reader joins another owner's table",
    file: 'apps/server/src/modules/nodes/nodes-repository.ts',
    code: "export * from '../../db/tables/speedtests-tables.ts';",
  },
];

describeBoundaries(
  'lint boundaries: server modules own their code and tables',
  OWNERSHIP_WRONG,
  OWNERSHIP_RIGHT,
);
