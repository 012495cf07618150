import { QueryRunnerAlreadyReleasedError } from 'typeorm';
import { isDatabaseUnavailable } from './database-errors.js';

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ["TypeORM's copy of a refused connection", new Error('Error: connect ECONNREFUSED 127.0.0.1:5432')],
    [
      'a server shutting down',
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    ],
    ['a server starting up', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['a connection exception', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ["a copy of a server's shutdown notice", new Error('terminating connection due to administrator command')],
    ['a pool timeout', new Error('timeout exceeded when trying to connect')],
    ['a wrapped driver error', Object.assign(new Error('query failed'), { driverError: { code: '57P01' } })],
    ['a cause', new Error('failed', { cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }) })],
    ["a transaction's next statement after its connection failed", new QueryRunnerAlreadyReleasedError()],
  ])('should recognise %s', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a constraint violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a syntax error', Object.assign(new Error('syntax error'), { code: '42601' })],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'category')")],
    ['not an error', 'ECONNREFUSED'],
    ['null', null],
  ])('should not take %s for an outage', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('should stop following a cycle of causes', () => {
    const a: { cause?: unknown } = {};
    a.cause = { cause: a };
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});
