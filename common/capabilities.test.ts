import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CAPABILITIES, can, ROLE_CAPABILITIES, rolesWith } from './capabilities';
import { findRoute } from './routes';

describe('the capability map', () => {
  it('gives every capability to at least one role', () => {
    for (const capability of CAPABILITIES) expect(rolesWith(capability), capability).not.toEqual([]);
  });

  it('keeps the rules the spec names', () => {
    expect(rolesWith('administer')).toEqual(['admin']);
    expect(rolesWith('learn')).toEqual(['teacher', 'institute', 'student']);
    expect(rolesWith('read-logs')).toEqual(['admin', 'developer']);
    expect(rolesWith('log-in-as')).toEqual(['admin', 'institute']);
    expect(rolesWith('get-help')).toHaveLength(6);
    expect(can('partner', 'author')).toBe(false);
    expect(can('developer', 'converse')).toBe(false);
    expect(can('admin', 'learn')).toBe(false);
  });

  it('lists no capability twice for a role', () => {
    for (const [role, capabilities] of Object.entries(ROLE_CAPABILITIES)) {
      expect(new Set(capabilities).size, role).toBe(capabilities.length);
    }
  });

  it('is what the page route table admits', () => {
    expect(findRoute('/approvals')?.access).toEqual(rolesWith('administer'));
    expect(findRoute('/plan')?.access).toEqual(rolesWith('hold-plan'));
    expect(findRoute('/mark-submission')?.access).toEqual(rolesWith('teach'));
    expect(findRoute('/logs')?.access).toEqual(rolesWith('read-logs'));
  });
});

/** Every server route file, so a new one cannot slip a hand-written role list past the map. */
function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(path);
    return /routes\.ts$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('server routes', () => {
  it('name their roles through the capability map, never as a literal list', () => {
    const files = routeFiles(join(import.meta.dirname, '../server/modules'));
    expect(files.length).toBeGreaterThan(20);
    const literal = /access:\s*\[|=\s*\[\s*'(admin|teacher|institute|student|partner|developer)'/;
    const offenders = files.filter((file) => literal.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
