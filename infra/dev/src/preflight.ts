import { connect } from 'node:net';

/** Can a TCP connection be opened to the service behind this URL? */
function reachable(url: string, defaultPort: number, timeoutMs = 2_000): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname || '127.0.0.1', port: Number(port || defaultPort) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Checks PostgreSQL and Redis before anything starts. Returns one clear line per service that
 * cannot be reached, saying how to start it; empty when both answer.
 */
export async function checkServices(databaseUrl: string, redisUrl: string): Promise<string[]> {
  const [postgres, redis] = await Promise.all([reachable(databaseUrl, 5432), reachable(redisUrl, 6379)]);
  const problems: string[] = [];
  if (!postgres) {
    problems.push(
      `PostgreSQL is not reachable at ${new URL(databaseUrl).host} — start it with ` +
        '`pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start` or set DATABASE_URL.',
    );
  }
  if (!redis) {
    problems.push(
      `Redis is not reachable at ${new URL(redisUrl).host} — start it with ` +
        '`redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no` or set REDIS_URL.',
    );
  }
  return problems;
}
