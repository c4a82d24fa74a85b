import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { zipSync, type Zippable } from 'fflate';

/** Every file under `dir`, as zip entry names (forward slashes) to their bytes, in a stable order. */
function filesOf(dir: string, root = dir): Zippable {
  const files: Zippable = {};
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) Object.assign(files, filesOf(path, root));
    else files[relative(root, path).split(sep).join('/')] = readFileSync(path);
  }
  return files;
}

/** Zips the contents of `dir` (its files at the archive's top level, as stores expect). */
export function zipDirectory(dir: string, zipPath: string): void {
  mkdirSync(dirname(zipPath), { recursive: true });
  // A fixed date keeps the zip the same for the same files.
  writeFileSync(
    zipPath,
    zipSync(filesOf(dir), { level: 9, mtime: new Date('2026-01-01T00:00:00Z') }),
  );
}
