import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The folders of lib/ form layers: no folder imports a folder that (directly or through others)
// imports it back (docs/architecture.md § Layout). A cycle means a piece sits in the wrong folder.

const LIB = path.resolve(__dirname);
const IMPORT = /(?:from|import)\s*\(?\s*'((?:\.{1,2}\/|@\/)[^']*)'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(full);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !entry.name.includes('.test.') ? [full] : [];
  });
}

/** folder → the lib folders it imports, with one example import each. */
function folderGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(LIB)) {
    const from = path.relative(LIB, file).split(path.sep)[0];
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = spec.startsWith('@/') ? path.resolve(LIB, '..', spec.slice(2)) : path.resolve(path.dirname(file), spec);
      const relative = path.relative(LIB, target);
      if (relative.startsWith('..')) continue;
      const to = relative.split(path.sep)[0];
      if (to === from || to === 'generated') continue;
      if (!graph.has(from)) graph.set(from, new Map());
      if (!graph.get(from)!.has(to)) graph.get(from)!.set(to, `${path.relative(LIB, file)} imports ${spec}`);
    }
  }
  return graph;
}

/** One cycle through `graph` as a list of "a → b (because …)" steps, or null. */
function findCycle(graph: Map<string, Map<string, string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (folder: string): string[] | null => {
    state.set(folder, 'open');
    stack.push(folder);
    for (const next of graph.get(folder)?.keys() ?? []) {
      if (state.get(next) === 'open') {
        const loop = [...stack.slice(stack.indexOf(next)), next];
        return loop.slice(1).map((to, i) => `${loop[i]} → ${to} (${graph.get(loop[i])!.get(to)})`);
      }
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(folder, 'done');
    return null;
  };
  for (const folder of graph.keys()) {
    if (!state.has(folder)) {
      const found = visit(folder);
      if (found) return found;
    }
  }
  return null;
}

describe('lib/ folder layers', () => {
  it('finds a cycle when there is one (so the check below can fail)', () => {
    const graph = new Map([
      ['a', new Map([['b', 'a/x.ts imports ../b/y']])],
      ['b', new Map([['a', 'b/y.ts imports ../a/x']])],
    ]);
    expect(findCycle(graph)).toEqual(['a → b (a/x.ts imports ../b/y)', 'b → a (b/y.ts imports ../a/x)']);
  });

  it('has no folder that imports a folder importing it back', () => {
    const graph = folderGraph();
    expect(graph.size).toBeGreaterThan(10);
    expect(findCycle(graph)).toBeNull();
  });
});
