// The images' HEALTHCHECK (no curl in node:*-slim): exits 0 when every target answers, 1 otherwise.
//   node infra/docker/healthcheck.mjs http://127.0.0.1:$PORT/readyz   → an HTTP GET must answer 2xx
//   node infra/docker/healthcheck.mjs tcp:$DATABASE_URL tcp:$REDIS_URL → a TCP connection must open
// `$NAME` / `${NAME}` are read from the environment (the exec form of HEALTHCHECK has no shell).
import { connect } from 'node:net';

const TIMEOUT_MS = 2_500;
const DEFAULT_PORTS = { 'postgresql:': 5432, 'postgres:': 5432, 'redis:': 6379, 'rediss:': 6379 };
const expand = (text) => text.replace(/\$\{?(\w+)\}?/g, (_, name) => process.env[name] ?? '');

function tcp(url) {
  const { hostname, port, protocol } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || DEFAULT_PORTS[protocol]) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(TIMEOUT_MS, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

const http = (url) =>
  fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) }).then(
    (response) => response.ok,
    () => false,
  );

const targets = process.argv.slice(2).map(expand);
const results = await Promise.all(
  targets.map((target) => (target.startsWith('tcp:') ? tcp(target.slice(4)) : http(target))),
);
process.exit(targets.length > 0 && results.every(Boolean) ? 0 : 1);
