/**
 * The shared contract's texts the server answers the extension with (its node, speed test
 * and points calls): the popup shows them in its language (popup/translate-text.ts), and
 * each language's catalog chunk carries them (build/catalog-subset-plugin.ts). Referring
 * to the groups also registers their keys in the popup's bundle: packages/shared is free
 * of side effects to the bundler, so a group nothing uses would not be registered.
 */
import { POINTS_MESSAGES, SERVER_MESSAGES } from '@netpulse/shared';

// NODE_MESSAGES (schemas/nodes.ts) is not a registered group, and importing it would bring
// its zod schemas into the popup: its answers show as the server words them.
const GROUPS: readonly object[] = [SERVER_MESSAGES, POINTS_MESSAGES];

/** The English of every server answer the extension may show (a group's function texts aside). */
export const SERVER_ANSWER_TEXTS: ReadonlySet<string> = new Set(
  GROUPS.flatMap((group) =>
    Object.values(group).filter((text): text is string => typeof text === 'string'),
  ),
);
