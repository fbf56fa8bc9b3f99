import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folder (the one with package.json), found from this file wherever it runs: server/ under
 * tsx and vitest, dist/server/ once compiled. Files the server reads next to its sources resolve from here.
 */
function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (dir === path.dirname(dir)) throw new Error(`No package.json above ${start}`);
  }
}

export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A path inside the project, e.g. `fromProjectRoot('server', 'db', 'migrations')`. */
export const fromProjectRoot = (...segments: string[]): string => path.join(projectRoot, ...segments);
