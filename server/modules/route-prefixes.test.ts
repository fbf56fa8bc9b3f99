import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// One module owns each URL prefix (decision 023), so a reader finds a route by its path: /api/<prefix>/… lives in
// server/modules/<one folder>. admin, learning and common are namespaces: their prefix is the next segment too.
const NAMESPACES = new Set(['admin', 'learning', 'common']);
const modulesDir = import.meta.dirname;

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

function prefixOf(url: string): string {
  const [first, second] = url.replace(/^\/api\//, '').split('/');
  return NAMESPACES.has(first) ? `${first}/${second}` : first;
}

/** prefix → the module folders that register a route under it (a path literal on its own line, as routes are written). */
function prefixOwners(): Map<string, Set<string>> {
  const owners = new Map<string, Set<string>>();
  for (const file of routeFiles(modulesDir)) {
    const module = path.relative(modulesDir, file).split(path.sep)[0];
    for (const [, url] of readFileSync(file, 'utf8').matchAll(/^\s+'(\/api\/[^']+)',?$/gm)) {
      const prefix = prefixOf(url);
      owners.set(prefix, new Set([...(owners.get(prefix) ?? []), module]));
    }
  }
  return owners;
}

describe('URL prefixes', () => {
  it('reads the prefix of a path, two segments deep in a namespace', () => {
    expect(prefixOf('/api/courses/:courseId/videos')).toBe('courses');
    expect(prefixOf('/api/learning/quizzes/of-course/:courseId')).toBe('learning/quizzes');
    expect(prefixOf('/api/admin/plans/:planId')).toBe('admin/plans');
  });

  it('are each served by one module', () => {
    const owners = prefixOwners();
    // The scan must see the routes, or the check below proves nothing.
    expect(owners.get('courses')).toEqual(new Set(['courses']));
    expect(owners.size).toBeGreaterThan(25);
    const shared = [...owners]
      .filter(([, modules]) => modules.size > 1)
      .map(([prefix, m]) => `${prefix}: ${[...m]}`);
    expect(shared).toEqual([]);
  });
});
