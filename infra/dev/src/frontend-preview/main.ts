/**
 * Front-end preview: the host and the four remotes behind the real gateway, with stub BFFs that
 * answer contract-shaped demo data. For working on the UI without the back end (the real
 * portal is `npm start`). Build the apps first:
 *   npx nx run-many -t build -p @turno/host @turno/remote-freelancer @turno/remote-restaurant @turno/remote-admin-ops @turno/remote-admin-billing
 * then: npx tsx infra/dev/src/frontend-preview/main.ts
 * PREVIEW_PORT_OFFSET=100 moves every port; PREVIEW_DOWN=admin-ops,freelancer leaves those remotes
 * unserved, to see the shell's fallback.
 */
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { startGateway } from '../gateway';
import { listen, startStaticServer, type RunningServer } from '../static-server';
import { adminRestaurants, invoices, openJobs, restaurantJobs } from './fixtures';

const ROOT = resolve(__dirname, '..', '..', '..', '..');
const OFFSET = Number(process.env.PREVIEW_PORT_OFFSET ?? '0');
const DOWN = new Set((process.env.PREVIEW_DOWN ?? '').split(',').filter(Boolean));

const REMOTES = [
  { folder: 'freelancer', name: 'freelancer', port: 3101 },
  { folder: 'restaurant', name: 'restaurant', port: 3102 },
  { folder: 'admin-ops', name: 'admin_ops', port: 3103 },
  { folder: 'admin-billing', name: 'admin_billing', port: 3104 },
] as const;

/** Each stub BFF answers its remote's one call (the gateway strips /bff/<role>). */
const STUBS: Record<string, { port: number; routes: Record<string, unknown> }> = {
  '/bff/freelancer': { port: 4001, routes: { '/api/jobs': openJobs } },
  '/bff/restaurant': { port: 4002, routes: { '/api/jobs': restaurantJobs } },
  '/bff/admin-ops': { port: 4003, routes: { '/api/admin/restaurants': adminRestaurants } },
  '/bff/admin-billing': { port: 4004, routes: { '/api/admin/invoices': invoices } },
};

function startStub(port: number, routes: Record<string, unknown>): Promise<RunningServer> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const body =
      path in routes ? JSON.stringify(routes[path]) : JSON.stringify({ error: 'Rota não encontrada' });
    res
      .writeHead(path in routes ? 200 : 404, { 'Content-Type': 'application/json; charset=utf-8' })
      .end(body);
  });
  return listen(server, port, '127.0.0.1');
}

async function main(): Promise<void> {
  const gatewayPort = 8080 + OFFSET;
  const allowOrigins = [`http://localhost:${gatewayPort}`, `http://127.0.0.1:${gatewayPort}`];
  const running: RunningServer[] = [];

  for (const { port, routes } of Object.values(STUBS)) running.push(await startStub(port + OFFSET, routes));
  for (const { folder, port } of REMOTES) {
    if (DOWN.has(folder)) continue;
    running.push(
      await startStaticServer({
        port: port + OFFSET,
        root: join(ROOT, 'remotes', folder, 'dist'),
        allowOrigins,
      }),
    );
  }
  const gateway = await startGateway({
    port: gatewayPort,
    hostDist: join(ROOT, 'shells', 'host', 'dist'),
    remotesConfig: {
      remotes: REMOTES.map(({ name, port }) => ({
        name,
        entry: `http://127.0.0.1:${port + OFFSET}/mf-manifest.json`,
      })),
    },
    proxies: Object.fromEntries(
      Object.entries(STUBS).map(([prefix, { port }]) => [prefix, `http://127.0.0.1:${port + OFFSET}`]),
    ),
  });
  running.push(gateway);
  console.warn(
    `Turno front-end preview: ${gateway.url} (stub BFFs; remotes on :${3101 + OFFSET}-${3104 + OFFSET})`,
  );

  const stop = () => void Promise.all(running.map((s) => s.close())).then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
