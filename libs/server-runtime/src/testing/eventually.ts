/**
 * Polls `check` every `everyMs` until it holds. It has no deadline of its own: the test's timeout
 * turns a hang into a failure, so a loaded machine makes a test slower, never red (a copy with a
 * 10 s deadline failed CI at load 14). A check that throws ends the wait with its error.
 */
export async function eventually(
  check: () => Promise<boolean> | boolean,
  options: { everyMs?: number } = {},
): Promise<void> {
  const everyMs = options.everyMs ?? 50;
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, everyMs));
}
