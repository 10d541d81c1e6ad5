import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * The folders of src depend one way (scripts/folder-arrows.mjs: the declared layers, no cycle).
 * A failure prints the script's report: which arrow goes against the order, from which files.
 */
describe('folder arrows', () => {
  it('go down the declared order of layers, without a cycle', () => {
    const script = resolve(__dirname, '../scripts/folder-arrows.mjs');
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    const report = `${run.stdout}${run.stderr}`;
    expect(report).toContain('Every arrow goes down the order.');
    expect({ status: run.status, report }).toEqual({ status: 0, report });
  });
});
