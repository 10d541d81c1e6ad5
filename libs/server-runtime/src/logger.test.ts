/**
 * The logger on its own (what every server process writes): JSON lines with the service name,
 * personal fields redacted at any depth, database errors without their SQL or values. The kit's
 * logging.test.ts checks the same through a BFF's request lines.
 */
import { Writable } from 'node:stream';
import {
  PERSONAL_LOG_KEYS,
  REDACTED,
  createLogger,
  hashClientIp,
  personalDataPaths,
  serializeError,
} from './logger';

function capture() {
  const lines: Record<string, unknown>[] = [];
  let text = '';
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString('utf8');
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, destination, text: () => text };
}

const PERSON = { name: 'Maria Aparecida Souza', phone: '11987654321', street: 'Rua das Palmeiras' };

/** The shape of MikroORM's DriverException: its message is the statement with the values written in. */
class DriverException extends Error {
  code = '22012';
  sqlState = '22012';
  table = 'freelancers';
  query = `select '${PERSON.name}'::text as nome, 1 / 0 as x`;
  params = [PERSON.name, PERSON.phone];
  detail = `Failing row contains (${PERSON.name}, ${PERSON.street})`;
  constructor() {
    super(`select '${PERSON.name}'::text as nome, '${PERSON.phone}' - division by zero`);
  }
}

describe('createLogger', () => {
  it('writes one JSON line per event with the service name, the level label and an ISO time', () => {
    const out = capture();
    const logger = createLogger('runtime-test', { destination: out.destination, level: 'info' });
    logger.info({ jobs: 3 }, 'ready');
    logger.debug('not written at info');
    expect(out.lines).toHaveLength(1);
    expect(out.lines[0]).toMatchObject({ service: 'runtime-test', level: 'info', msg: 'ready', jobs: 3 });
    expect(new Date(String(out.lines[0]?.time)).toISOString()).toBe(out.lines[0]?.time);
  });

  it('redacts names, phones and addresses at the top and up to four levels down, lists included', () => {
    const out = capture();
    const logger = createLogger('runtime-test', { destination: out.destination, level: 'info' });
    logger.info(
      {
        name: PERSON.name,
        body: { phone: PERSON.phone },
        freelancer: { contact: { address: PERSON.street } },
        rows: [{ freelancer_name: PERSON.name }],
        a: { b: { c: { d: { street: PERSON.street } } } },
        kept: 'visível',
      },
      'personal',
    );
    expect(out.lines[0]).toMatchObject({
      name: REDACTED,
      body: { phone: REDACTED },
      freelancer: { contact: { address: REDACTED } },
      rows: [{ freelancer_name: REDACTED }],
      a: { b: { c: { d: { street: REDACTED } } } },
      kept: 'visível',
    });
    for (const value of Object.values(PERSON)) expect(out.text()).not.toContain(value);
  });

  it("redacts a child logger's bindings and a logged error's fields, and never changes what was logged", () => {
    const out = capture();
    const logger = createLogger('runtime-test', { destination: out.destination, level: 'info' });
    const logged = { rows: [{ phone: PERSON.phone, id: 7 }], count: 1 };
    const error = Object.assign(new Error('recusado'), { address: PERSON.street, status: 400 });
    logger.child({ contact: { email: 'maria@example.com' } }).info({ ...logged, err: error }, 'child');
    expect(out.lines[0]).toMatchObject({
      contact: { email: REDACTED },
      rows: [{ phone: REDACTED, id: 7 }],
      count: 1,
      err: { message: 'recusado', address: REDACTED, status: 400 },
    });
    expect(logged.rows[0]?.phone).toBe(PERSON.phone);
    expect(error.address).toBe(PERSON.street);
    expect(out.text()).not.toContain('maria@example.com');
    for (const value of Object.values(PERSON)) expect(out.text()).not.toContain(value);
  });

  it("leaves personal keys deeper than five levels as pino's redact paths did", () => {
    const out = capture();
    const logger = createLogger('runtime-test', { destination: out.destination, level: 'info' });
    logger.info({ a: { b: { c: { d: { e: { cep: '01000-000' } } } } } }, 'deep');
    expect(out.lines[0]).toMatchObject({ a: { b: { c: { d: { e: { cep: '01000-000' } } } } } });
  });

  it('has a redact path for every personal key at each of the five depths', () => {
    const paths = personalDataPaths();
    expect(paths).toHaveLength(PERSONAL_LOG_KEYS.length * 5);
    expect(paths).toEqual(expect.arrayContaining(['cpf', '*.cpf', '*.*.*.*.cpf']));
  });

  it('logs a driver error with its code, table and stack frames, without the SQL, its parameters or the detail', () => {
    const out = capture();
    const logger = createLogger('runtime-test', { destination: out.destination, level: 'info' });
    logger.error({ err: new Error('wrapped', { cause: new DriverException() }) }, 'unhandled error');
    logger.error({ err: new DriverException() }, 'unhandled error');
    const err = out.lines[1]?.err as Record<string, unknown>;
    expect(err).toMatchObject({
      type: 'DriverException',
      code: '22012',
      sqlState: '22012',
      table: 'freelancers',
      message: 'database error 22012',
    });
    expect(err.stack).toMatch(/^\s+at /);
    expect(out.lines[0]?.err).toMatchObject({ message: 'wrapped', cause: { type: 'DriverException' } });
    const written = out.text();
    expect(written).not.toMatch(/select|division|Failing row/i);
    for (const value of Object.values(PERSON)) expect(written).not.toContain(value);
  });
});

describe('serializeError', () => {
  it('drops the statement fields of any error, and keeps a plain value as it is', () => {
    const error = Object.assign(new Error('query failed'), { sql: 'select 1', bindings: [PERSON.phone] });
    const serialized = serializeError(error) as Record<string, unknown>;
    expect(serialized).toMatchObject({ type: 'Error', message: 'query failed' });
    expect(serialized).not.toHaveProperty('sql');
    expect(serialized).not.toHaveProperty('bindings');
    expect(serializeError('texto')).toBe('texto');
    expect(serializeError(null)).toBeNull();
  });
});

describe('hashClientIp', () => {
  it('is 16 hex characters, the same for one address, different for another, never the address', () => {
    const hash = hashClientIp('203.0.113.77');
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    expect(hashClientIp('203.0.113.77')).toBe(hash);
    expect(hashClientIp('203.0.113.78')).not.toBe(hash);
    expect(hash).not.toContain('203');
  });
});
