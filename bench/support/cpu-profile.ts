import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The parts of a V8 .cpuprofile (what `node --cpu-prof` writes) this summary reads. */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const IDLE = new Set(['(idle)', '(program)']);

/** Our bundled server's source maps, read once per file: its frames are named by their TypeScript file. */
const sourceMaps = new Map<string, SourceMap | null>();
function sourceMapOf(file: string): SourceMap | null {
  if (!sourceMaps.has(file)) {
    const mapFile = `${file}.map`;
    sourceMaps.set(
      file,
      existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8'))) : null,
    );
  }
  return sourceMaps.get(file) ?? null;
}

/** Where a frame's time belongs: a package, Node itself, the garbage collector, or one of our source files. */
function placeOf(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (!url) return functionName || '(anonymous)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const packageAt = url.lastIndexOf('/node_modules/');
  if (packageAt >= 0) {
    const [scopeOrName, name] = url.slice(packageAt + 14).split('/');
    return scopeOrName.startsWith('@') ? `${scopeOrName}/${name}` : scopeOrName;
  }
  const file = url.startsWith('file://') ? fileURLToPath(url) : url;
  const entry = sourceMapOf(file)?.findEntry(frame.lineNumber, frame.columnNumber);
  const original = entry && 'originalSource' in entry ? entry.originalSource : '';
  if (original) return original.replace(/^.*?(server|common)\//u, '$1/');
  return path.basename(file);
}

function frameName(frame: ProfileNode['callFrame']): string {
  return `${frame.functionName || '(anonymous)'} · ${placeOf(frame)}`;
}

function table(title: string, entries: [string, number][], total: number, top: number): string {
  const lines = [`| ${title} | ms | share |`, '|---|---|---|'];
  for (const [name, ms] of entries.sort((a, b) => b[1] - a[1]).slice(0, top)) {
    lines.push(`| ${name} | ${ms.toFixed(0)} | ${((ms / total) * 100).toFixed(1)} % |`);
  }
  return lines.join('\n');
}

/**
 * Where a profiled server's busy time went: self time by place (package, Node, our file) and by function, and the
 * inclusive time of our own functions (a request's hooks and handlers), as markdown tables. Idle time is left out.
 */
export function summariseCpuProfile(file: string, top = 25): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let busy = 0;
  for (const [id, ms] of selfMs) {
    const node = nodes.get(id);
    if (!node || IDLE.has(node.callFrame.functionName)) continue;
    busy += ms;
    const place = placeOf(node.callFrame);
    byPlace.set(place, (byPlace.get(place) ?? 0) + ms);
    const name = frameName(node.callFrame);
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    // Inclusive time of our own frames: each ancestor of ours counted once per sample, however deep it recurses.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = nodes.get(at)?.callFrame;
      if (!frame) break;
      const place = placeOf(frame);
      if (!place.startsWith('server/') && !place.startsWith('common/')) continue;
      const ours = frameName(frame);
      if (seen.has(ours)) continue;
      seen.add(ours);
      inclusive.set(ours, (inclusive.get(ours) ?? 0) + ms);
    }
  }
  return [
    `busy ${busy.toFixed(0)} ms of the profile`,
    table('self time by place', [...byPlace], busy, top),
    table('self time by function', [...byFunction], busy, top),
    table('our functions, inclusive', [...inclusive], busy, top),
  ].join('\n\n');
}
