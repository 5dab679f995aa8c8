/**
 * The import graph of src/: arrows point one way. No cycle (type imports count: a cycle of types is still two
 * modules that cannot be understood apart), model/ is the leaf vocabulary, and the boundaries of
 * docs/architecture.md hold: only connect/ starts processes or opens sockets, only cli/ (and ci/) touch argv,
 * stdout and the environment, and nothing under rules/ or report/ reads the clock, the environment or files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every module with the project modules and the external specifiers it imports. */
function importGraph(): Map<string, { local: Set<string>; external: Set<string>; text: string }> {
  const files = sourceFiles(SRC);
  const known = new Set(files);
  const graph = new Map<string, { local: Set<string>; external: Set<string>; text: string }>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const local = new Set<string>();
    const external = new Set<string>();
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2]!;
      if (!specifier.startsWith('.')) {
        external.add(specifier);
        continue;
      }
      const target = path.resolve(path.dirname(file), specifier).replace(/\.js$/, '.ts');
      if (!known.has(target)) throw new Error(`${rel(file)} imports ${specifier}, which is not a file of src/`);
      local.add(target);
    }
    graph.set(file, { local, external, text });
  }
  return graph;
}

const rel = (file: string) => path.relative(SRC, file).split(path.sep).join('/');
const folder = (file: string) => rel(file).split('/')[0]!;

/** Strongly connected components with more than one module (Tarjan). */
export function cycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

const graph = importGraph();

describe('the import graph of src/', () => {
  it('finds a cycle when there is one (the check itself can fail)', () => {
    const edges = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cycles(edges)).toEqual([['a', 'b', 'c']]);
  });

  it('has no import cycle, type imports included', () => {
    const edges = new Map([...graph].map(([file, node]) => [file, node.local]));
    expect(cycles(edges).map((cycle) => cycle.map(rel).join(' <-> '))).toEqual([]);
  });

  it('has between-folder arrows that point one way', () => {
    const folders = new Map<string, Set<string>>();
    for (const [file, node] of graph) {
      for (const target of node.local) {
        if (folder(target) === folder(file)) continue;
        if (!folders.has(folder(file))) folders.set(folder(file), new Set());
        folders.get(folder(file))!.add(folder(target));
      }
    }
    expect(cycles(folders)).toEqual([]);
  });

  it('keeps model/ a leaf: it imports nothing of the project', () => {
    const offenders = [...graph].filter(([file, node]) => folder(file) === 'model' && [...node.local].some((target) => folder(target) !== 'model'));
    expect(offenders.map(([file]) => rel(file))).toEqual([]);
  });

  it('lets only connect/ start processes and open sockets', () => {
    const transport = ['node:child_process', 'node:net', 'node:http', 'node:https', 'node:tls', 'node:dgram'];
    const offenders = [...graph].filter(([file, node]) => folder(file) !== 'connect' && transport.some((name) => node.external.has(name)));
    expect(offenders.map(([file]) => rel(file))).toEqual([]);
  });

  it('lets only cli/ and ci/ touch argv, stdout, stderr, the environment and the exit code', () => {
    const processIo = /\bprocess\.(env|stdout|stderr|exit|exitCode|argv)\b/;
    // connect/child-env.ts reads the six variables a stdio server inherits (HOME, PATH, ...), the one read of the
    // environment below cli/: it is where mcpact's own credentials are kept from children.
    const offenders = [...graph].filter(
      ([file, node]) => !['cli', 'ci'].includes(folder(file)) && rel(file) !== 'connect/child-env.ts' && processIo.test(node.text),
    );
    expect(offenders.map(([file]) => rel(file))).toEqual([]);
  });

  it('keeps rules/ and report/ pure: no clock, environment, file system or process', () => {
    const impure = /\bprocess\.(env|stdout|stderr|exit|cwd|argv)\b|\bDate\.now\(|\bnew Date\(\)|from 'node:fs/;
    const offenders = [...graph].filter(([file, node]) => ['rules', 'report'].includes(folder(file)) && impure.test(node.text));
    expect(offenders.map(([file]) => rel(file))).toEqual([]);
  });

  it('keeps the report model and reporters free of the engine', () => {
    const offenders = [...graph].filter(
      ([file, node]) =>
        ['report', 'model'].includes(folder(file)) && [...node.local].some((target) => ['engine', 'rules', 'connect', 'cli'].includes(folder(target))),
    );
    expect(offenders.map(([file]) => rel(file))).toEqual([]);
  });
});
