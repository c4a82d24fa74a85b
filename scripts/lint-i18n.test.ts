/**
 * The rule of docs/ARCHITECTURE.md section 13 holds: text a person reads, written outside a
 * message, makes `npm run lint` fail; the same text through a message passes. The files are
 * linted as text under paths that do not exist, so nothing on disk changes.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The rule ids ESLint reports for `code` as if it were the file at `filePath`. */
async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

const SCREEN = 'apps/web/src/features/nodes/components/wrong-screen.tsx';
const POPUP = 'apps/extension/src/popup/wrong-popup.tsx';

const HARD_CODED: { kind: string; file: string; code: string; rule: string }[] = [
  {
    kind: 'a screen shows JSX text',
    file: SCREEN,
    code: 'export const Empty = () => <p>No nodes yet</p>;',
    rule: 'formatjs/no-literal-string-in-jsx',
  },
  {
    kind: 'a screen passes a text prop as a literal',
    file: SCREEN,
    code: 'import { Panel } from \'@/components/ui/panel\';\nexport const P = () => <Panel title="Your nodes" />;',
    rule: 'formatjs/no-literal-string-in-jsx',
  },
  {
    kind: 'an aria-label is a literal',
    file: SCREEN,
    code: 'export const B = () => <button type="button" aria-label="Close" />;',
    rule: 'formatjs/no-literal-string-in-jsx',
  },
  {
    kind: 'a toast shows a literal',
    file: 'apps/web/src/features/nodes/api/wrong-toast.ts',
    code: "import { toast } from '@/lib/toast';\nexport const done = () => toast.success('Node removed');",
    rule: 'no-restricted-syntax',
  },
  {
    kind: 'a message has no English default',
    file: SCREEN,
    code: "import { useIntl } from '@/lib/i18n/use-intl';\nexport const E = () => <p>{useIntl().formatMessage({ id: 'nodes.empty' })}</p>;",
    rule: 'formatjs/enforce-default-message',
  },
  {
    kind: 'the extension popup shows JSX text',
    file: POPUP,
    code: 'export const Status = () => <p>Connected</p>;',
    rule: 'formatjs/no-literal-string-in-jsx',
  },
];

const THROUGH_MESSAGES: { kind: string; file: string; code: string }[] = [
  {
    kind: 'a screen shows a message',
    file: SCREEN,
    code: "import { useIntl } from '@/lib/i18n/use-intl';\nexport const Empty = () => {\n  const intl = useIntl();\n  return <p>{intl.formatMessage({ id: 'nodes.emptyTitle', defaultMessage: 'No nodes yet' })}</p>;\n};",
  },
  {
    kind: 'a toast shows a message',
    file: 'apps/web/src/features/nodes/api/right-toast.ts',
    code: "import { intl } from '@/lib/i18n/active-locale';\nimport { toast } from '@/lib/toast';\nexport const done = () =>\n  toast.success(intl().formatMessage({ id: 'nodes.removed', defaultMessage: 'Node removed' }));",
  },
];

describe('lint: text a person reads goes through a message', () => {
  for (const wrong of HARD_CODED) {
    it(`fails when ${wrong.kind}`, async () => {
      expect(await rulesBroken(wrong.file, wrong.code)).toContain(wrong.rule);
    });
  }
  for (const right of THROUGH_MESSAGES) {
    it(`passes when ${right.kind}`, async () => {
      expect(await rulesBroken(right.file, right.code)).toEqual([]);
    });
  }
});
