/**
 * Everything under DATA_DIR is the server's user's alone: folders 0700, files
 * 0600. DATA_DIR holds the database (password hashes and emails in its WAL), the
 * auth secret, the CLI relay's secret and development mail with live reset
 * links, so another account on the machine must not read or write any of it.
 *
 * What we create ourselves names its mode. PGlite writes its files through
 * Node's fs: new files follow the process umask (hence `ownerOnlyUmask` before
 * anything is created), but the cluster PGlite lays out on first open, or loads
 * from a backup, comes out 0666 whatever the umask, so those folders are walked
 * after they are made (`makePrivate`). A DATA_DIR from an older version is
 * walked at every start, which says once what it mended.
 */
import { chmodSync, lstatSync, readdirSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';

/** The mode of a folder under DATA_DIR. */
export const PRIVATE_DIR_MODE = 0o700;
/** The mode of a file under DATA_DIR. */
export const PRIVATE_FILE_MODE = 0o600;
/** Group and others: none of these bits may be set under DATA_DIR. */
const OPEN_BITS = 0o077;

/**
 * Makes every file and folder this process creates from now on its user's alone.
 * Only for a process's entry point (the server, the admin CLI): it is the whole
 * process's setting, and a worker thread may not change it.
 */
export function ownerOnlyUmask(): void {
  process.umask(OPEN_BITS);
}

export interface PrivateModesResult {
  /** Paths whose group or other bits were cleared. */
  mended: number;
  /** Paths that were open but could not be changed (another user's), with why. */
  failed: string[];
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

/**
 * Clears the group and other bits of `root` and of everything under it, leaving
 * the owner's bits as they are. Symbolic links are neither followed nor changed
 * (chmod would change their target, which may be anywhere); `root` itself is
 * followed, since the operator may point DATA_DIR at a link. A missing root is
 * nothing to mend. Paths that vanish during the walk are skipped.
 */
export function makePrivate(root: string): PrivateModesResult {
  const result: PrivateModesResult = { mended: 0, failed: [] };
  const visit = (path: string, stats: Stats) => {
    if (stats.isSymbolicLink()) return;
    if ((stats.mode & OPEN_BITS) !== 0) {
      try {
        chmodSync(path, stats.mode & 0o7777 & ~OPEN_BITS);
        result.mended += 1;
      } catch (error) {
        if (errorCode(error) !== 'ENOENT') result.failed.push(`${path} (${errorCode(error)})`);
      }
    }
    if (!stats.isDirectory()) return;
    let names: string[];
    try {
      names = readdirSync(path);
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') result.failed.push(`${path} (${errorCode(error)})`);
      return;
    }
    for (const name of names) {
      const child = join(path, name);
      let childStats: Stats;
      try {
        childStats = lstatSync(child);
      } catch {
        continue;
      }
      visit(child, childStats);
    }
  };
  let rootStats: Stats;
  try {
    rootStats = statSync(root);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return result;
    throw error;
  }
  visit(root, rootStats);
  return result;
}

/**
 * A DATA_DIR made private at a start: the umask for what comes, and the walk
 * for what an older version left open. Returns the one line to log when
 * something was mended or could not be, else null (silent when all was private).
 */
export function keepDataDirPrivate(dataDir: string): string | null {
  ownerOnlyUmask();
  const { mended, failed } = makePrivate(dataDir);
  const lines: string[] = [];
  if (mended > 0) {
    lines.push(
      `DATA_DIR was readable by other users: made ${mended} files and folders private to the server's user`,
    );
  }
  if (failed.length > 0) {
    lines.push(
      `${failed.length} paths in DATA_DIR are open to other users and could not be made private ` +
        `(change their owner or mode by hand): ${failed.slice(0, 5).join(', ')}${failed.length > 5 ? ', ...' : ''}`,
    );
  }
  return lines.length > 0 ? lines.join('; ') : null;
}
