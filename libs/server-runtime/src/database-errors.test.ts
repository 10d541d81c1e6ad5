import { MESSAGES } from '@turno/domain';
import { databaseRefusal, dependencyUnavailable } from './database-errors';

describe('databaseRefusal', () => {
  it('maps the SQLSTATEs of data that does not fit to a pt-BR 400 or 409, and nothing else', () => {
    expect(databaseRefusal({ code: '22001' })).toEqual({
      status: 400,
      message: MESSAGES.common.valueTooLong,
    });
    expect(databaseRefusal({ code: '22003' })).toEqual({
      status: 400,
      message: MESSAGES.common.numberOutOfRange,
    });
    expect(databaseRefusal({ code: '22P02' })).toEqual({
      status: 400,
      message: MESSAGES.common.invalidValue,
    });
    expect(databaseRefusal({ code: '23502' })).toEqual({
      status: 400,
      message: MESSAGES.common.invalidInput,
    });
    expect(databaseRefusal({ code: '23505' })).toEqual({ status: 409, message: MESSAGES.common.duplicate });
    expect(databaseRefusal({ code: '23503' })).toEqual({ status: 409, message: MESSAGES.common.referenced });
    expect(databaseRefusal({ code: '40001' })).toEqual({ status: 409, message: MESSAGES.common.conflict });
    for (const error of [{ code: '42601' }, { code: 23505 }, new Error('23505'), null, undefined, '23505'])
      expect([error, databaseRefusal(error)]).toEqual([error, undefined]);
  });
});

describe('dependencyUnavailable', () => {
  it('recognises PostgreSQL and Redis out of reach, and nothing else', () => {
    const unavailable = [
      { code: '57P01', message: 'terminating connection due to administrator command' },
      { code: '08006', message: 'connection failure' },
      { code: '53300', message: 'too many connections' },
      { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' },
      new Error('select 1 - Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('Knex: Timeout acquiring a connection. The pool is probably full.'),
      Object.assign(new Error('Reached the max retries per request limit'), {
        name: 'MaxRetriesPerRequestError',
      }),
      new Error('Connection is closed.'),
      new Error('Command timed out'),
    ];
    for (const error of unavailable) expect([error, dependencyUnavailable(error)]).toEqual([error, true]);
    const others = [
      { code: '23505', message: 'duplicate key' },
      { code: '42601', message: 'syntax error' },
      new Error('secret stack detail'),
      null,
      'Connection terminated',
    ];
    for (const error of others) expect([error, dependencyUnavailable(error)]).toEqual([error, false]);
  });
});
