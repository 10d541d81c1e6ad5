/**
 * A process run by `runProcess` for main-runner.test.ts: a stand-in database that logs its close,
 * the real Redis of REDIS_URL, work that logs its own close. RUN_FIXTURE_FAIL=1 makes it fail to start;
 * RUN_FIXTURE_SETTING must be a whole number when set (its settings' check).
 */
import { BFF_REDIS_OPTIONS, runProcess } from '../src';

void runProcess({
  name: 'run-fixture',
  checkSettings: () => {
    const raw = process.env.RUN_FIXTURE_SETTING;
    if (raw !== undefined && !Number.isInteger(Number(raw))) {
      throw new Error(`RUN_FIXTURE_SETTING must be a whole number, got "${raw}"`);
    }
  },
  start: async ({ env, logger, connect }) => {
    const { redis } = await connect({
      openDatabase: async (url) => {
        logger.info({ database: new URL(url).pathname }, 'database opened');
        return { close: async () => logger.info('database closed') };
      },
      redisOptions: BFF_REDIS_OPTIONS,
    });
    if (process.env.RUN_FIXTURE_FAIL === '1') throw new Error('cannot start');
    const pong = await redis.ping();
    return {
      readyMessage: 'fixture ready',
      ready: { pong, redis: env.redisUrl },
      close: async () => logger.info('work stopped'),
    };
  },
});
