/* eslint-disable no-console -- a release command: printing is its job */
/**
 * `npm run contracts:release`: at release time, records every contract of @turno/contracts as JSON
 * Schema in contracts.snapshot.json. Until the next release, test/release-compatibility.test.ts checks
 * that the contracts only grew from it (so remote N and BFF N+1, or the other way round, work together).
 * Run it on the release commit with a clean tree; `-- --from <dir>` reads the contracts of another
 * checkout of libs/contracts instead (a `git worktree` of the release commit), `--commit <sha>` names it.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { breakingChanges } from './compatibility';
import { currentContracts, type ContractsSnapshot } from './contract-schemas';
import { ACCEPTED_BREAKING_FILE, SNAPSHOT_FILE, acceptedBreaking, readSnapshot } from './snapshot-file';

async function main(): Promise<void> {
  const previous = readSnapshot();
  const argument = (flag: string) => {
    const index = process.argv.indexOf(flag);
    return index >= 0 ? process.argv[index + 1] : undefined;
  };
  const from = argument('--from');
  // Another checkout's contracts, read at run time.
  const loaded = from
    ? ((await import(join(from, 'src', 'index.ts'))) as Record<string, unknown>)
    : undefined;
  // A CommonJS module imported this way may come as its `default` export only.
  const other = loaded && { ...(loaded.default as Record<string, unknown> | undefined), ...loaded };
  const contracts = currentContracts(other);
  if (previous) {
    const accepted = acceptedBreaking();
    const problems = breakingChanges(previous.contracts, contracts).filter((line) => !(line in accepted));
    if (problems.length > 0 && !process.argv.includes('--accept-breaking')) {
      console.error(
        `Not recorded: ${problems.length} change(s) break the previous release's contracts:\n  ` +
          `${problems.join('\n  ')}\nA breaking change needs two releases (docs/decisions.md); ` +
          'pass --accept-breaking only once every unit of the previous release is gone.',
      );
      process.exit(1);
    }
  }
  const commit =
    argument('--commit') ??
    execFileSync('git', ['rev-parse', 'HEAD'], { cwd: join(__dirname, '..'), encoding: 'utf8' }).trim();
  const snapshot: ContractsSnapshot = { commit, contracts };
  // Written as Prettier writes JSON, so `prettier --check .` (npm test) agrees with the file.
  const options = { ...(await resolveConfig(SNAPSHOT_FILE)), parser: 'json' };
  writeFileSync(SNAPSHOT_FILE, await format(JSON.stringify(snapshot), options));
  // The accepted breaking changes were for the release just recorded.
  writeFileSync(ACCEPTED_BREAKING_FILE, '{}\n');
  console.log(`Recorded ${Object.keys(contracts).length} contracts at ${commit} in ${SNAPSHOT_FILE}`);
}

void main();
