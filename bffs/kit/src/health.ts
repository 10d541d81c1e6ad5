import type Router from '@koa/router';
import type { Orm as MikroORM } from '@turno/core';
import type { Redis } from 'ioredis';

/**
 * `/livez`: the process answers. `/readyz`: it can reach PostgreSQL and Redis; a load balancer
 * sends traffic only while this answers 200.
 */
export function registerHealthRoutes(router: Router, deps: { orm: MikroORM; redis: Redis }): void {
  router.get('/livez', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    const [postgres, redis] = await Promise.all([
      deps.orm.em
        .getConnection()
        .execute('select 1')
        .then(() => 'ok' as const)
        .catch(() => 'error' as const),
      deps.redis
        .ping()
        .then(() => 'ok' as const)
        .catch(() => 'error' as const),
    ]);
    const ok = postgres === 'ok' && redis === 'ok';
    ctx.status = ok ? 200 : 503;
    ctx.body = { status: ok ? 'ok' : 'error', checks: { postgres, redis } };
  });
}
