/**
 * The relay's modules depend in one direction: no module of src/relay reaches
 * itself again through its imports, type-only imports and re-exports
 * included. (Their size is eslint's: max-lines, max-lines-per-function.)
 */
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const DIR = 'src/relay';

/** Each module's relay-local imports (`import`, `import type`, `export ... from`, `import()`), by file name. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of readdirSync(DIR).filter((name) => name.endsWith('.ts'))) {
    const source = readFileSync(join(DIR, file), 'utf8');
    const local = [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)'\.\/([\w-]+)\.js'/g)].map((m) => `${m[1]}.ts`);
    graph.set(file, [...new Set(local)]);
  }
  return graph;
}

/** The first cycle found, as the files around it, or undefined. */
function firstCycle(graph: Map<string, string[]>): string[] | undefined {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string): string[] | undefined => {
    if (path.includes(file)) return [...path.slice(path.indexOf(file)), file];
    if (done.has(file)) return undefined;
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(file);
    return undefined;
  };
  for (const file of graph.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('src/relay module graph', () => {
  it('reads every relative import, type-only ones and re-exports included', () => {
    const graph = importGraph();
    expect(graph.get('relay-error.ts')).to.include('answer.ts'); // `import type`
    expect(graph.get('index.ts')).to.include('create-relay.ts'); // `export ... from`
  });

  it('has no import cycle', () => {
    expect(firstCycle(importGraph())).to.equal(undefined);
  });

  it('finds a cycle when there is one (the check itself works)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
    ]);
    expect(firstCycle(graph)).to.deep.equal(['a.ts', 'b.ts', 'c.ts', 'a.ts']);
  });
});
