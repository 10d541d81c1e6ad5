/**
 * Builds an app of the monorepo as it was at an earlier commit, for the version-skew tests
 * (tests/version-skew.spec.ts): `git worktree add` of that commit into a temporary folder, this tree's
 * installed packages linked in (nothing is downloaded; the workspace packages are the old commit's own,
 * so the old app is built with the old libs/ui, libs/contracts and libs/domain), then `rspack build`.
 * The output is kept in .turno/version-skew/<commit>/<app>/ and reused by the next run.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const REPO_ROOT = join(__dirname, '..', '..', '..');
const CACHE = join(REPO_ROOT, '.turno', 'version-skew');
const WORKSPACE_GLOBS = ['libs', 'services', 'bffs', 'shells', 'remotes', 'infra'];

const git = (...args: string[]) => execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();

/**
 * The commit holding the previous version of `path`: the parent of the last commit that changed it.
 * Undefined, with the reason, when the history cannot tell (a shallow clone, a path never changed).
 */
export function previousVersionOf(path: string): { commit: string } | { missing: string } {
  if (git('rev-parse', '--is-shallow-repository') === 'true')
    return { missing: 'this clone is shallow (git fetch --unshallow gives the history the test needs)' };
  const last = git('log', '-1', '--format=%H', '--', path);
  if (!last) return { missing: `no commit changed ${path}` };
  try {
    return { commit: git('rev-parse', '--verify', `${last}^`) };
  } catch {
    return { missing: `${last} (the last change of ${path}) has no parent in this clone` };
  }
}

/** node_modules for the worktree: this tree's packages, but @turno/* pointing at the worktree's folders. */
function linkPackages(tree: string): void {
  const modules = join(tree, 'node_modules');
  mkdirSync(join(modules, '@turno'), { recursive: true });
  for (const entry of readdirSync(join(REPO_ROOT, 'node_modules'))) {
    if (entry !== '@turno') symlinkSync(join(REPO_ROOT, 'node_modules', entry), join(modules, entry));
  }
  for (const group of WORKSPACE_GLOBS) {
    if (!existsSync(join(tree, group))) continue;
    for (const folder of readdirSync(join(tree, group))) {
      const manifest = join(tree, group, folder, 'package.json');
      if (!existsSync(manifest)) continue;
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name: string };
      symlinkSync(join(tree, group, folder), join(modules, name));
      // A workspace's own node_modules (versions that differ from the root's) are this tree's too.
      const own = join(REPO_ROOT, group, folder, 'node_modules');
      if (existsSync(own) && !existsSync(join(tree, group, folder, 'node_modules')))
        symlinkSync(own, join(tree, group, folder, 'node_modules'));
    }
  }
}

/**
 * The build output (`dist/`) of the app in `appFolder` (e.g. 'remotes/restaurant', 'shells/host') at
 * `commit`. Takes a minute or so the first time; cached afterwards.
 */
export function buildAtCommit(appFolder: string, commit: string): string {
  const output = join(CACHE, commit, appFolder.replace(/\//g, '-'));
  if (existsSync(join(output, 'index.html')) || existsSync(join(output, 'mf-manifest.json'))) return output;
  const scratch = mkdtempSync(join(tmpdir(), 'turno-skew-'));
  const tree = join(scratch, 'tree');
  git('worktree', 'prune'); // forget worktrees of an earlier run that was killed mid-build
  git('worktree', 'add', '--detach', tree, commit);
  try {
    linkPackages(tree);
    const build = spawnSync(
      process.execPath,
      [
        join(REPO_ROOT, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js'),
        'build',
        '-c',
        'rspack.config.cjs',
      ],
      {
        cwd: join(tree, appFolder),
        encoding: 'utf8',
        timeout: 5 * 60_000,
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
    if (build.status !== 0)
      throw new Error(`building ${appFolder} at ${commit} failed:\n${build.stdout}\n${build.stderr}`);
    rmSync(output, { recursive: true, force: true });
    mkdirSync(output, { recursive: true });
    cpSync(join(tree, appFolder, 'dist'), output, { recursive: true });
    return output;
  } finally {
    git('worktree', 'remove', '--force', tree);
    rmSync(scratch, { recursive: true, force: true });
  }
}
