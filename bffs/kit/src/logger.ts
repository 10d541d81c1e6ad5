import pino, { type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs, one line per event, with the service name on every line. */
export function createLogger(service: string): Logger {
  return pino({
    base: { service },
    level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
}
