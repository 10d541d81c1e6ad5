/**
 * The main thread's CPU time in a Lighthouse trace (lighthouse.bench.ts): task times as thread time,
 * which other processes on a loaded machine hardly move, unlike the wall-clock times Lighthouse
 * scores with.
 */
export interface TraceEvent {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of the event, µs. */
  tdur?: number;
  args?: { name?: string; data?: { url?: string } };
}

/** Lighthouse's CPU slowdown of its simulated phone, and its long-task threshold (ms). */
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;

/**
 * The page's main-thread tasks after its first contentful paint, in CPU milliseconds, from a
 * Lighthouse trace: the renderer main thread that ran the most.
 */
export function cpuTasksAfterFcp(events: TraceEvent[]): number[] {
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const tasksOf = (thread: TraceEvent) =>
    events.filter(
      (e) => e.pid === thread.pid && e.tid === thread.tid && e.name === 'RunTask' && e.ph === 'X',
    );
  const busiest = mains
    .map((thread) => ({ thread, tasks: tasksOf(thread) }))
    .sort(
      (a, b) => b.tasks.reduce((t, e) => t + (e.dur ?? 0), 0) - a.tasks.reduce((t, e) => t + (e.dur ?? 0), 0),
    )[0];
  if (!busiest) return [];
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === busiest.thread.pid);
  return busiest.tasks.filter((e) => !fcp || e.ts >= fcp.ts).map((e) => (e.tdur ?? e.dur ?? 0) / 1000);
}

/** Lighthouse's TBT formula on CPU time: Σ max(0, 4 × task − 50 ms). */
export function cpuTbt(tasksMs: number[]): number {
  return tasksMs.reduce((sum, ms) => sum + Math.max(0, CPU_SLOWDOWN * ms - LONG_TASK_MS), 0);
}
