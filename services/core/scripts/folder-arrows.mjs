#!/usr/bin/env node
/**
 * The arrows between services/core/src's folders, from production code's relative imports, checked
 * against the declared order of layers (LAYERS below, bottom first): a folder may import only from
 * folders of a lower layer, never from its own layer nor from above, and there is no cycle.
 * The aggregates' layer is flat on purpose: an aggregate never imports another one; what spans
 * aggregates lives in `workflows/`. Tests (`*.test.ts`, `test-kit.ts`, `*-test-data.ts`) and
 * `testing/` are left out unless `--tests` is given (then the arrows are only listed, not judged:
 * test helpers reach across on purpose).
 *
 *   node services/core/scripts/folder-arrows.mjs [--tests] [--json]
 *
 * Prints `from → to  (file, …)` per arrow, then each cycle (a strongly connected group of folders)
 * and each arrow against the order; exits 1 when there is either. `src/folder-arrows.test.ts` runs
 * it, so `npm test` (jest) enforces it.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The layers of services/core/src, bottom first. Folders of one layer are independent. */
const LAYERS = [
  // what everything uses (actor, refusals, transactions, columns, the read API); the generated migrations
  ['shared', 'migrations'],
  // every entity (defineEntity, with its enums, uniques and checks): relations stay inside this folder
  ['model'],
  // row-level rules several aggregates share (row locks, freelancer stats, held-shift overlap,
  // store-address geocoding); the live-events outbox; the audit trail; the ORM configuration
  ['rows', 'events', 'audit', 'db'],
  // the aggregates' own commands and queries: each reads and writes the model, none imports another
  [
    'accounts',
    'analytics',
    'applications',
    'assignments',
    'blocks',
    'consents',
    'invoices',
    'jobs',
    'notifications',
    'payouts',
    'photos',
    'presence',
    'ratings',
    'reliability',
    'retention',
    'timesheets',
  ],
  // a person's data export (data-exports: reads every aggregate, stores its ZIP beside the
  // documents); below workflows, whose account removal closes the person's exports
  ['data-exports'],
  // what spans aggregates (staffing, account removal, check-out by presence, release sweeps, …);
  // who the caller is (identity: users, admins' passwords and second factor, from accounts);
  // invoices' Pix charges after their issue (invoice-charges: the PSP's side, paying invoices)
  ['workflows', 'identity', 'invoice-charges'],
  // self-service deletion after its grace period (account-deletions: carried out by account removal)
  ['account-deletions'],
  // demo data and the first admin
  ['seeders'],
  // command-line entry points
  ['cli'],
];

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../src');
const withTests = process.argv.includes('--tests');
const asJson = process.argv.includes('--json');

const isTest = (file) =>
  /\.test\.tsx?$/.test(file) ||
  file.split(sep).includes('testing') ||
  /test-kit\.ts$/.test(file) ||
  /-test-data\.ts$/.test(file);

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

const layerOf = new Map(LAYERS.flatMap((folders, layer) => folders.map((folder) => [folder, layer])));
const sorted = [...arrows.entries()].sort(([a], [b]) => a.localeCompare(b));
/** Arrows against the order: to the same or a higher layer, or from/to an undeclared folder. */
const violations = withTests
  ? []
  : sorted.flatMap(([key, files]) => {
      const [from, to] = key.split('\t');
      const [fromLayer, toLayer] = [layerOf.get(from), layerOf.get(to)];
      let why;
      if (fromLayer === undefined || toLayer === undefined)
        why = `${fromLayer === undefined ? from : to} is in no layer: declare it in LAYERS`;
      else if (fromLayer === toLayer)
        why = `${from} and ${to} share a layer: they must not import each other`;
      else if (fromLayer < toLayer) why = `${to} is above ${from}`;
      return why ? [{ from, to, files: [...files], why }] : [];
    });
const failed = !withTests && (components.length > 0 || violations.length > 0);
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
        violations,
        layers: LAYERS,
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
  if (withTests) console.log('\n(with tests: listed, not judged against the order)');
  else {
    console.log('\nLayers, bottom first:');
    for (const folders of LAYERS) console.log(`  ${folders.join(' ')}`);
    console.log(violations.length ? '\nAgainst the order:' : '\nEvery arrow goes down the order.');
    for (const { from, to, files, why } of violations)
      console.log(`- ${from} → ${to}: ${why}  (${files.join(', ')})`);
  }
}
process.exitCode = failed ? 1 : 0;
