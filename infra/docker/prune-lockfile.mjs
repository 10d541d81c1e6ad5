// Prunes package-lock.json to the workspaces present in the current directory, so `npm ci` installs
// exactly what the image's own workspaces need. Used inside the image builds (infra/docker/*.Dockerfile):
// the build context never holds infra/dev-idp (.dockerignore), and each image removes the workspaces it
// does not run before installing. Every workspace whose folder is gone, and every package only reachable
// from such workspaces, leaves the lockfile; what stays is untouched (versions, integrity), so the
// install is still the reviewed lockfile's. Usage: node infra/docker/prune-lockfile.mjs [dir]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? '.';
const lockPath = join(dir, 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const isWorkspaceKey = (key) => key !== '' && !key.split('/').includes('node_modules');
const present = (key) => existsSync(join(dir, key, 'package.json'));

/** Node's lookup from a lockfile path: ./node_modules/<name>, then each parent's node_modules. */
function resolve(fromKey, name) {
  let base = fromKey;
  for (;;) {
    const candidate = base === '' ? `node_modules/${name}` : `${base}/node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (base === '') return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut >= 0 ? base.slice(0, cut) : '';
  }
}

const kept = new Set();
const queue = [''];
for (const [key, entry] of Object.entries(packages)) {
  // Every present workspace, and its link in the root node_modules, stays.
  if (isWorkspaceKey(key) && present(key)) queue.push(key);
  if (entry.link && present(entry.resolved)) queue.push(key);
}
while (queue.length > 0) {
  const key = queue.pop();
  if (kept.has(key)) continue;
  kept.add(key);
  const entry = packages[key];
  if (entry.link) {
    if (present(entry.resolved)) queue.push(entry.resolved);
    continue;
  }
  const names = {
    ...entry.dependencies,
    ...entry.optionalDependencies,
    ...entry.peerDependencies,
    // A workspace's or the root's devDependencies stay listed: `--omit=dev` skips them at install.
    ...(key === '' || isWorkspaceKey(key) ? entry.devDependencies : {}),
  };
  for (const name of Object.keys(names)) {
    const target = resolve(key, name);
    if (target) queue.push(target);
  }
}

const removed = Object.keys(packages).filter((key) => !kept.has(key));
for (const key of removed) delete packages[key];
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
const gone = removed.filter(isWorkspaceKey);
console.log(`prune-lockfile: removed ${removed.length} entries (workspaces: ${gone.join(', ') || 'none'})`);
