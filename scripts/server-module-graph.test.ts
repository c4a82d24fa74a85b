/**
 * The server's modules drawn from their imports: a module may use another, but
 * never both ways, or the two are one module in two folders. (import-x/no-cycle
 * catches a cycle of files; two modules can be tied both ways without one.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES_DIR = resolve('apps/server/src/modules');

function sourceFilesIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFilesIn(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The module a path inside the modules folder belongs to, or null outside it. */
function moduleOf(path: string): string | null {
  const inside = relative(MODULES_DIR, path);
  return inside.startsWith('..') ? null : inside.split(sep)[0]!;
}

/** "a -> b" for every module a with a file importing a file of module b. */
function moduleImports(): Set<string> {
  const edges = new Set<string>();
  for (const file of sourceFilesIn(MODULES_DIR)) {
    const from = moduleOf(file)!;
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
      const to = moduleOf(resolve(file, '..', specifier!));
      if (to && to !== from) edges.add(`${from} -> ${to}`);
    }
  }
  return edges;
}

describe('the server modules', () => {
  it('are tied one way at most', () => {
    const edges = moduleImports();
    expect(edges.size).toBeGreaterThan(5);
    const twoWay = [...edges].filter((edge) => {
      const [from, to] = edge.split(' -> ');
      return edges.has(`${to} -> ${from}`);
    });
    expect(twoWay).toEqual([]);
  });
});
