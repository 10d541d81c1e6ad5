import { cpuTasksAfterFcp, cpuTbt, type TraceEvent } from './lighthouse-cpu';

const thread = (pid: number, tid: number, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid,
  ts: 0,
  args: { name },
});
const task = (pid: number, tid: number, ts: number, wallMs: number, cpuMs: number): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  pid,
  tid,
  ts,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000,
});

describe('CPU time of a Lighthouse trace', () => {
  it("takes the busiest renderer main thread's tasks after the first contentful paint, in CPU ms", () => {
    const events: TraceEvent[] = [
      thread(1, 1, 'CrRendererMain'), // another renderer (an extension, about:blank): little work
      thread(2, 7, 'CrRendererMain'),
      thread(2, 8, 'Compositor'),
      task(1, 1, 5_000, 30, 30),
      task(2, 7, 1_000, 80, 20), // before the first paint: not counted
      { name: 'firstContentfulPaint', pid: 2, tid: 7, ts: 2_000 },
      task(2, 7, 3_000, 120, 25),
      task(2, 7, 4_000, 40, 5),
      task(2, 8, 4_500, 500, 500), // not the main thread
    ];
    expect(cpuTasksAfterFcp(events)).toEqual([25, 5]);
  });

  it("sums Lighthouse's blocking time on its 4× slower phone: 4 × task − 50 ms for each longer task", () => {
    expect(cpuTbt([25, 5, 12.5, 13])).toBe(50 + 0 + 0 + 2);
    expect(cpuTbt([])).toBe(0);
  });
});
