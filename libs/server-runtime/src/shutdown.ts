import type { Logger } from './logger';

/**
 * Runs `cleanup` once on SIGTERM or SIGINT, then exits: 0 when it finished in time, 1 otherwise.
 */
export function onShutdown(logger: Logger, cleanup: () => Promise<void>, timeoutMs = 15_000): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown timed out');
      process.exit(1);
    }, timeoutMs);
    cleanup()
      .then(() => {
        clearTimeout(timer);
        logger.info('stopped');
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
