/**
 * Node's flags for a process that serves Excel exports (the admin-billing and admin-ops BFFs), one
 * list read by `npm start` (infra/dev/src/portal-processes.ts), the images' CMD (checked by
 * infra/dev/src/containers.test.ts) and `npm run bench:export`.
 *
 * `--max-semi-space-size=4` (MB): exceljs makes a few short-lived objects per cell, and under that
 * allocation rate V8 grows its young generation to its default ceiling (16 MB per semi-space, about
 * 48 MB of RSS) while an export runs. With 4 MB the 100,000-row export peaks at 134 MB instead of
 * 157–161 MB, in the same time (3.1–3.2 s vs 3.3–3.6 s, idle machine, docs/operations.md#benchmarks);
 * the admin BFFs' other answers are small, so more frequent scavenges cost them nothing measurable.
 */
export const EXPORTING_PROCESS_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=4'];
