/** Environment every server process reads, with the local defaults of `npm start`. */
export interface ServiceEnvironment {
  databaseUrl: string;
  redisUrl: string;
}

export const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/turno';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export function serviceEnvironment(env: NodeJS.ProcessEnv = process.env): ServiceEnvironment {
  return {
    databaseUrl: env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
    redisUrl: env.REDIS_URL ?? DEFAULT_REDIS_URL,
  };
}

export function portFromEnv(name: string, fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`${name} must be a port number, got "${raw}"`);
  return port;
}
