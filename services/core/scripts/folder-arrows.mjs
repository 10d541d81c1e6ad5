#!/usr/bin/env node
/**
 * The arrows between services/core/src's folders, from production code's relative imports, and the
 * cycles among them. Every entity lives in `model/`. Tests and `testing/` are left out unless
 * `--tests` is given.
 *
 *   node services/core/scripts/folder-arrows.mjs [--tests] [--json]
 *
 * Prints `from → to  (file, …)` per arrow, then each cycle (a strongly connected group of folders);
 * exits 1 when there is a cycle.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../src');
const withTests = process.argv.includes('--tests');
const asJson = process.argv.includes('--json');

const isTest = (file) =>
  /\.test\.tsx?$/.test(file) || file.split(sep).includes('testing') || /test-kit\.ts$/.test(file);

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const IMPORT = /(?:import|export)\s+(type\s+)?(?:([\w*\s{},]+?)\s+from\s+)?['"]([^'"]+)['"]/g;

const folderOf = (file) => {
  const parts = relative(src, file).split(sep);
  return parts.length > 1 ? parts[0] : `(${parts[0].replace(/\.tsx?$/, '')})`;
};

/** "from\tto" → files. */
const arrows = new Map();
const add = (from, to, file) => {
  if (from === to) return;
  const key = `${from}\t${to}`;
  if (!arrows.has(key)) arrows.set(key, new Set());
  arrows.get(key).add(relative(src, file));
};

for (const file of filesUnder(src)) {
  if (!withTests && isTest(file)) continue;
  const from = folderOf(file);
  if (from.startsWith('(')) continue; // index.ts: the package's gathering point
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const specifier = match[3];
    if (!specifier.startsWith('.')) continue;
    const target = resolve(dirname(file), specifier);
    const to = folderOf(statSafe(target) ? join(target, 'index.ts') : `${target}.ts`);
    add(from, to, file);
  }
}

function statSafe(path) {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

// Cycles: Tarjan's strongly connected components.
const graph = new Map();
for (const key of arrows.keys()) {
  const [from, to] = key.split('\t');
  if (!graph.has(from)) graph.set(from, []);
  if (!graph.has(to)) graph.set(to, []);
  graph.get(from).push(to);
}
let index = 0;
const stack = [];
const meta = new Map();
const components = [];
function visit(node) {
  meta.set(node, { index, low: index, onStack: true });
  index++;
  stack.push(node);
  for (const next of graph.get(node)) {
    if (!meta.has(next)) {
      visit(next);
      meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).low);
    } else if (meta.get(next).onStack)
      meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).index);
  }
  if (meta.get(node).low === meta.get(node).index) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      meta.get(member).onStack = false;
      component.push(member);
    } while (member !== node);
    if (component.length > 1) components.push(component.sort());
  }
}
for (const node of [...graph.keys()].sort()) if (!meta.has(node)) visit(node);

const sorted = [...arrows.entries()].sort(([a], [b]) => a.localeCompare(b));
if (asJson) {
  console.log(
    JSON.stringify(
      {
        arrows: sorted.map(([key, files]) => ({
          from: key.split('\t')[0],
          to: key.split('\t')[1],
          files: [...files],
        })),
        cycles: components,
      },
      null,
      2,
    ),
  );
} else {
  for (const [key, files] of sorted) {
    const [from, to] = key.split('\t');
    console.log(`${from} → ${to}  (${[...files].join(', ')})`);
  }
  console.log(components.length ? '\nCycles:' : '\nNo cycles.');
  for (const component of components) {
    const inside = sorted
      .filter(([key]) => key.split('\t').every((end) => component.includes(end)))
      .map(([key]) => key.replace('\t', '→'));
    console.log(`- ${component.join(', ')}: ${inside.join(', ')}`);
  }
}
process.exitCode = components.length ? 1 : 0;
