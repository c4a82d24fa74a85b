/**
 * One process per PGlite data directory: two would corrupt it. The lock is a file
 * holding the owner's pid, created exclusively; a lock whose process is gone
 * (a crash, SIGKILL) is taken over.
 */
import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { PRIVATE_FILE_MODE } from '../lib/private-files.ts';

/** The data directory is another live process's; `ownerPid` is that process. */
export class DataDirLockedError extends Error {
  constructor(
    message: string,
    readonly ownerPid?: number,
  ) {
    super(message);
  }
}

/** The lock's file name inside the data directory. */
export const DATA_DIR_LOCK_FILE = 'server.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock or throws DataDirLockedError; returns the function that releases it. */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = join(dataDir, DATA_DIR_LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx', PRIVATE_FILE_MODE);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another process (pid ${owner}). ` +
            'Stop it first, or use the admin CLI, which talks to the running server.',
          owner,
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}.`);
}
