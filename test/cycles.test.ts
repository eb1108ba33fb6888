/**
 * No import cycles in src: the graph of relative imports (static `import … from`, `export … from`,
 * side-effect `import '…'` and `import('…')`, type-only ones included) has no strongly connected
 * component larger than one module, and no module imports itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './fixtures/harness.ts';

const SRC = path.join(ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.isFile() && entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Relative specifiers of every import form; comments are dropped first so a commented-out import does not count. */
export function relativeSpecifiers(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const forms = [
    /\b(?:import|export)\s+(?:type\s+)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return forms.flatMap((form) => [...code.matchAll(form)].map((m) => m[1] as string)).filter((s) => s.startsWith('.'));
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const from = path.relative(SRC, file);
    const targets = relativeSpecifiers(readFileSync(file, 'utf8'))
      .map((spec) => path.relative(SRC, path.resolve(path.dirname(file), spec)))
      .filter((target) => target.endsWith('.ts'));
    graph.set(from, [...new Set(targets)]);
  }
  return graph;
}

/** Tarjan's strongly connected components, each in the order its modules were reached. */
function components(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) as number, low.get(target) as number));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) as number, index.get(target) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      out.push(component.reverse());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return out;
}

/** One cycle through the component's first module, as `a -> b -> a`. */
function cycleThrough(component: string[], graph: Map<string, string[]>): string {
  const members = new Set(component);
  const start = component[0] as string;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path: string[] = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0] as string) as string);
        return [...path, start].join(' -> ');
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return component.join(', ');
}

describe('import cycles', () => {
  it('reads every import form', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      "export { c } from './c.ts';",
      "export type * from './d.ts';",
      "import './e.ts';",
      "const f = await import('./f.ts');",
      "import {\n  g,\n  h,\n} from './g.ts';",
      "import fs from 'node:fs';",
      "// import { x } from './commented.ts';",
    ].join('\n');
    expect(relativeSpecifiers(text).sort()).toEqual(['../b.ts', './a.ts', './c.ts', './d.ts', './e.ts', './f.ts', './g.ts']);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts']], ['c.ts', ['a.ts']], ['d.ts', ['a.ts']]]);
    const cyclic = components(graph).filter((c) => c.length > 1);
    expect(cyclic.map((c) => cycleThrough(c, graph))).toEqual(['a.ts -> b.ts -> c.ts -> a.ts']);
  });

  it('src has none', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(100);
    const selfImports = [...graph].filter(([from, targets]) => targets.includes(from)).map(([from]) => `${from} -> ${from}`);
    const cycles = components(graph).filter((c) => c.length > 1).map((c) => {
      const cycle = cycleThrough(c, graph);
      return c.length > cycle.split(' -> ').length - 1 ? `${cycle} (one of the cycles among ${c.join(', ')})` : cycle;
    });
    expect([...selfImports, ...cycles]).toEqual([]);
  });
});
