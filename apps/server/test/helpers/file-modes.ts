/** The modes of what a DATA_DIR holds, for the tests that it is the server's user's alone. */
import { lstatSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Every path under `root` (itself included) that is not a 0700 folder or a 0600
 * file, as `mode path`; symbolic links are listed as neither and not followed.
 */
export function notPrivate(root: string): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    const stats = lstatSync(path);
    if (stats.isSymbolicLink()) return;
    const mode = stats.mode & 0o7777;
    if (mode !== (stats.isDirectory() ? 0o700 : 0o600)) {
      found.push(`${mode.toString(8)} ${relative(root, path) || '.'}`);
    }
    if (stats.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return found;
}

/** How many paths `root` holds (itself included), so a test knows it looked at something. */
export function pathCount(root: string): number {
  const stats = lstatSync(root);
  if (!stats.isDirectory()) return 1;
  return readdirSync(root).reduce((total, name) => total + pathCount(join(root, name)), 1);
}
