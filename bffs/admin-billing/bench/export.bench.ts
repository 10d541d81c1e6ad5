/**
 * Export benchmark: the detailed report's Excel export (the one exporter, exceljs's streaming
 * writer) of 100,000 rows written to a file, printing wall time, peak RSS and file size.
 *
 *   npx tsx bffs/admin-billing/bench/export.bench.ts            (BENCH_ROWS=100000 by default)
 *
 * The rows are made in memory (no database): it measures the writer, whose output is the response
 * body in the route. Goal (issue 11): < 5 s and < 150 MB RSS for 100,000 rows.
 *
 * It runs with the Node flags the exporting BFFs run with (EXPORTING_PROCESS_NODE_FLAGS: npm start
 * and the images use the same list), starting itself again with them when they are missing;
 * BENCH_NODE_FLAGS=none measures Node's defaults instead.
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { performance } from 'node:perf_hooks';
import type { DetailedReportRow } from '@turno/contracts';
import { xlsxStream } from '@turno/bff-kit/excel';
import { EXPORTING_PROCESS_NODE_FLAGS } from '@turno/bff-kit/excel/node-flags';
import { reportExport } from '../src/excel/report-export';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);

async function* rows(): AsyncGenerator<DetailedReportRow> {
  for (let i = 1; i <= ROWS; i++) {
    const completed = i % 5 !== 0;
    yield {
      id: i,
      restaurant_id: 1 + (i % 2000),
      restaurant_name: `Mercado ${1 + (i % 2000)}`,
      title: 'Operador de Caixa',
      position_type: 'Operador de Caixa',
      date_needed: `2026-11-${String(16 + (i % 7)).padStart(2, '0')}`,
      start_time: '08:00',
      end_time: '14:00',
      hourly_rate: 149,
      status: completed ? 'completed' : 'assigned',
      assignment_id: i,
      assignment_status: completed ? 'completed' : 'assigned',
      freelancer_name: `Freela ${i % 500}`,
      restaurant_payment_amount: 149,
      freelancer_payment_amount: 120,
      commission_amount: 29,
    };
  }
}

async function main() {
  const file = join(tmpdir(), `relatorio-detalhado-bench-${process.pid}.xlsx`);
  // The process before any row: Node, tsx and exceljs loaded (about 100 MB under tsx).
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  await pipeline(
    xlsxStream(reportExport({ startDate: '2026-11-16', endDate: '2026-11-22' }, rows())),
    createWriteStream(file),
  );
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.resourceUsage().maxRSS * 1024);
  process.stdout.write(
    `Export of ${ROWS} report rows: ${(elapsed / 1000).toFixed(2)} s, peak RSS ${Math.round(peak / 1024 / 1024)} MB ` +
      `(${Math.round(baseline / 1024 / 1024)} MB before the first row), ` +
      `file ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB (${file})\n`,
  );
}

const missingFlags =
  process.env.BENCH_NODE_FLAGS === 'none'
    ? []
    : EXPORTING_PROCESS_NODE_FLAGS.filter((flag) => !process.execArgv.includes(flag));
if (missingFlags.length > 0) {
  // Again, in a process started as the exporting BFFs are (their flags, then tsx).
  const run = spawnSync(
    process.execPath,
    [...EXPORTING_PROCESS_NODE_FLAGS, ...process.execArgv, ...process.argv.slice(1)],
    { stdio: 'inherit' },
  );
  process.exit(run.status ?? 1);
} else {
  process.stdout.write(
    `Node flags: ${process.execArgv.filter((arg) => arg.startsWith('--max')).join(' ') || 'defaults'}\n`,
  );
  void main();
}
