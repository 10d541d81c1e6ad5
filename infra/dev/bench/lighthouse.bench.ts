/**
 * Lighthouse mobile scores of each role's first screen (`npm run bench:lighthouse`, issue 24):
 * the landing page signed out, the freelancer's Vagas (Ana Souza) and the business's Dashboard
 * (Marcos Almeida), against a portal already running (`npm start`; LIGHTHOUSE_BASE_URL, default
 * http://localhost:8080). For a signed-in page it signs in through the local OpenID provider in
 * Chromium (/usr/bin/chromium, or CHROMIUM_PATH) as a person would and hands the session cookie to
 * Lighthouse 12.8 (through npx; LIGHTHOUSE_CLI to use another), which runs its own headless Chromium
 * with its default mobile settings (a mid-range phone, simulated 4G), LIGHTHOUSE_RUNS (3) times, and
 * prints the median performance score with LCP, TBT, CLS and FCP. Run it on a quiet machine
 * (`uptime`); goals: ≥ 90 on Vagas and the Dashboard, ≥ 95 on the landing page, CLS < 0.1.
 * Scores move with the machine's load; what each script costs moves less: under each screen it also
 * prints, as medians of the runs, the main thread's time per script (Lighthouse's "bootup-time":
 * evaluation, parse and compile, in its simulated phone's milliseconds) and the long tasks (≥ 50 ms,
 * with the script they start in). LIGHTHOUSE_KEEP=<folder> keeps each run's report there.
 * On a loaded machine Lighthouse's task times are the wall clock, stretched by the other processes
 * (its TBT at load 20 is several times its TBT at load 1), so it also prints, from each run's trace,
 * the main thread's CPU time (thread time, which the other processes hardly move): the longest tasks
 * and a "CPU TBT", Lighthouse's sum over the tasks after the first paint of (4 × task − 50 ms), its
 * 4× slower phone, on CPU time instead of wall time: a lower bound of TBT (a quiet machine still
 * shares its cores with Lighthouse and Chromium's other threads), which moves only with the page's
 * own work, so before/after comparisons on a loaded machine stay meaningful.
 * A script, not a test.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { cpuTasksAfterFcp, cpuTbt, type TraceEvent } from './lighthouse-cpu';

const BASE_URL = process.env.LIGHTHOUSE_BASE_URL ?? 'http://localhost:8080';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CLI = (process.env.LIGHTHOUSE_CLI ?? 'npx --yes lighthouse@12.8.2').split(' ');
const KEEP = process.env.LIGHTHOUSE_KEEP;

interface Screen {
  name: string;
  path: string;
  /** The demo person whose account opens it; none for the landing page. */
  person?: 'Ana Souza' | 'Marcos Almeida';
}

const ALL_SCREENS: Screen[] = [
  { name: 'landing page', path: '/' },
  { name: 'freelancer — Vagas', path: '/dashboard', person: 'Ana Souza' },
  { name: 'business — Dashboard', path: '/dashboard', person: 'Marcos Almeida' },
];
/** LIGHTHOUSE_SCREENS: a comma-separated list of words; only the screens whose name holds one run. */
const ONLY = (process.env.LIGHTHOUSE_SCREENS ?? '').split(',').filter(Boolean);
const SCREENS = ONLY.length ? ALL_SCREENS.filter((s) => ONLY.some((w) => s.name.includes(w))) : ALL_SCREENS;

/** Signs in through the local OpenID provider as a person would; returns the portal's Cookie header. */
async function signedInCookies(person: string): Promise<string> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(BASE_URL);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.getByRole('button', { name: new RegExp(`^Entrar como ${person}\\b`) }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    // The dashboard shown (its remote rendered): the host has written the area hint cookie by then.
    await page.locator('[data-remote]').first().waitFor();
    const cookies = await context.cookies(BASE_URL);
    return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  } finally {
    await browser.close();
  }
}

interface Audit {
  numericValue?: number;
  details?: { items?: Record<string, unknown>[] };
}
interface Report {
  categories: { performance: { score: number } };
  audits: Record<string, Audit>;
  /** Not Lighthouse's: the main thread's CPU task times after the first paint (ms), from its trace. */
  cpuTasks: number[];
}

let kept = 0;

function lighthouse(url: string, cookie: string | undefined): Report {
  const out = join(mkdtempSync(join(tmpdir(), 'turno-lh-')), 'report.json');
  const [command, ...args] = CLI as [string, ...string[]];
  const run = spawnSync(
    command,
    [
      ...args,
      url,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
      '--only-categories=performance',
      ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
      '--output=json',
      `--output-path=${out}`,
      // The trace beside the report (report-0.trace.json), for the CPU times.
      '--save-assets',
      '--quiet',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CHROME_PATH: CHROMIUM } },
  );
  if (run.status !== 0) throw new Error(`lighthouse exited with ${run.status}`);
  if (KEEP) {
    mkdirSync(KEEP, { recursive: true });
    copyFileSync(out, join(KEEP, `report-${++kept}.json`));
  }
  const trace = JSON.parse(readFileSync(out.replace(/\.json$/, '-0.trace.json'), 'utf8')) as {
    traceEvents?: TraceEvent[];
  };
  const report = JSON.parse(readFileSync(out, 'utf8')) as Omit<Report, 'cpuTasks'>;
  return { ...report, cpuTasks: cpuTasksAfterFcp(trace.traceEvents ?? []) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A script's URL as a short name: its file, with the origin's port when not the page's. */
function scriptName(url: string): string {
  try {
    const { port, pathname } = new URL(url);
    const file = pathname.split('/').pop() || pathname;
    return port && !BASE_URL.endsWith(`:${port}`) ? `:${port}/${file}` : file;
  } catch {
    return url;
  }
}

/** Per script, the median over the reports of `value(item)` (0 where a report lacks the script). */
function perScript(reports: Report[], auditId: string, value: (item: Record<string, unknown>) => number) {
  const sums = reports.map((report) => {
    const byScript = new Map<string, number>();
    for (const item of report.audits[auditId]?.details?.items ?? []) {
      const name = scriptName(String(item.url ?? ''));
      byScript.set(name, (byScript.get(name) ?? 0) + value(item));
    }
    return byScript;
  });
  const names = new Set(sums.flatMap((byScript) => [...byScript.keys()]));
  return [...names]
    .map((name) => ({ name, ms: Math.round(median(sums.map((byScript) => byScript.get(name) ?? 0))) }))
    .filter((row) => row.ms > 0)
    .sort((a, b) => b.ms - a.ms);
}

async function measure(screen: Screen) {
  const cookie = screen.person ? await signedInCookies(screen.person) : undefined;
  const reports = Array.from({ length: RUNS }, () => lighthouse(`${BASE_URL}${screen.path}`, cookie));
  const metric = (id: string) => median(reports.map((r) => r.audits[id]?.numericValue ?? NaN));
  return {
    screen: screen.name,
    score: Math.round(median(reports.map((r) => r.categories.performance.score)) * 100),
    lcpS: +(metric('largest-contentful-paint') / 1000).toFixed(2),
    tbtMs: Math.round(metric('total-blocking-time')),
    cls: +metric('cumulative-layout-shift').toFixed(3),
    fcpS: +(metric('first-contentful-paint') / 1000).toFixed(2),
    scores: reports.map((r) => Math.round(r.categories.performance.score * 100)).join(' '),
    // bootup-time: each script's main-thread time (total, of which script evaluation).
    bootup: perScript(reports, 'bootup-time', (item) => Number(item.total ?? 0)),
    evaluation: perScript(reports, 'bootup-time', (item) => Number(item.scripting ?? 0)),
    // long-tasks: the tasks of 50 ms or more, summed per script they start in.
    longTasks: perScript(reports, 'long-tasks', (item) => Number(item.duration ?? 0)),
    mainThreadMs: Math.round(metric('mainthread-work-breakdown')),
    cpuTbtMs: Math.round(median(reports.map((r) => cpuTbt(r.cpuTasks)))),
    // The longest CPU tasks of the run with the median CPU TBT.
    cpuLongest: [
      ...(reports.find((r) => cpuTbt(r.cpuTasks) === median(reports.map((x) => cpuTbt(x.cpuTasks))))
        ?.cpuTasks ?? []),
    ]
      .sort((a, b) => b - a)
      .slice(0, 5)
      .map((ms) => ms.toFixed(1)),
    load: loadavg()[0]!.toFixed(2),
  };
}

const print = (line = '') => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  print(`Lighthouse mobile against ${BASE_URL}, ${RUNS} runs each, load average ${loadavg()[0]!.toFixed(2)}`);
  print('screen                    score  LCP s  TBT ms  CLS    FCP s  (runs)');
  for (const screen of SCREENS) {
    const row = await measure(screen);
    print(
      `${row.screen.padEnd(26)}${String(row.score).padStart(5)}  ${row.lcpS.toFixed(2).padStart(5)}  ` +
        `${String(row.tbtMs).padStart(6)}  ${row.cls.toFixed(3)}  ${row.fcpS.toFixed(2).padStart(5)}  (${row.scores})`,
    );
    const list = (rows: { name: string; ms: number }[]) =>
      rows
        .slice(0, 8)
        .map((r) => `${r.name} ${r.ms}`)
        .join(', ') || 'none';
    print(`    main-thread work: ${row.mainThreadMs} ms; load average after the runs ${row.load}`);
    print(
      `    CPU TBT (thread time, a lower bound of TBT): ${row.cpuTbtMs} ms; longest CPU tasks after the first paint (ms): ${row.cpuLongest.join(', ')}`,
    );
    print(`    bootup per script (ms): ${list(row.bootup)}`);
    print(`    of which evaluation (ms): ${list(row.evaluation)}`);
    print(`    long tasks per script (ms): ${list(row.longTasks)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
