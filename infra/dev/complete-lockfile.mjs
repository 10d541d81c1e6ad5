// The npm registry reachable from our build machines lacks some other platforms' prebuilt
// binaries (e.g. @rspack/binding-darwin-arm64@2.3.2). `npm install` then leaves those optional
// dependencies out of package-lock.json, and `npm ci` refuses the lock as "out of sync".
// This adds a stub entry (version + optional) for each missing optional dependency: `npm ci`
// accepts the lock and, on Linux, never fetches them. Idempotent; run after `npm install`.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const lockPath = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));

/** Where node would look for `dep` from the package installed at `path`. */
function lookupPaths(path, dep) {
  const paths = [];
  let current = path;
  for (;;) {
    paths.push((current ? current + '/' : '') + 'node_modules/' + dep);
    if (!current) break;
    const cut = current.lastIndexOf('/node_modules/');
    current = cut >= 0 ? current.slice(0, cut) : '';
  }
  return paths;
}

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (lookupPaths(path, dep).some((candidate) => lock.packages[candidate])) continue;
    lock.packages['node_modules/' + dep] = { version, optional: true };
    added++;
  }
}
if (added > 0) {
  writeFileSync(lockPath, JSON.stringify(lock, null, 2) + '\n');
  console.log(`[turno] package-lock.json: added ${added} stub(s) for optional binaries the registry lacks`);
}
