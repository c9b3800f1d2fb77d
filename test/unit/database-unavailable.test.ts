import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../../src/db/unavailable.js';

/** An error as node-postgres builds one from the server's ErrorResponse. */
function serverError(code: string, message: string): Error {
  const error = new pg.DatabaseError(message, 0, 'error');
  error.code = code;
  return error;
}

function socketError(code: string): Error {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
}

describe('isDatabaseUnavailable', () => {
  it('is true for a server going away, starting up, refusing or cancelling on timeout', () => {
    expect(isDatabaseUnavailable(serverError('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isDatabaseUnavailable(serverError('57P03', 'the database system is starting up'))).toBe(true);
    expect(isDatabaseUnavailable(serverError('57014', 'canceling statement due to statement timeout'))).toBe(true);
    expect(isDatabaseUnavailable(serverError('53300', 'sorry, too many clients already'))).toBe(true);
  });

  it('is true for a connection refused, reset, ended or timed out, also wrapped or aggregated', () => {
    expect(isDatabaseUnavailable(socketError('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(socketError('ECONNRESET'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated due to connection timeout', { cause: new Error('timeout expired') }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')]))).toBe(true);
    expect(isDatabaseUnavailable(new Error('query failed', { cause: socketError('ECONNRESET') }))).toBe(true);
    expect(isDatabaseUnavailable(new DatabaseUnavailableError('The database did not answer for 1000 ms, nor a new connection'))).toBe(true);
  });

  it("is true for SQLite's lock held past busy_timeout", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY_SNAPSHOT' }))).toBe(true);
  });

  it('is true for a full disk and a failed disk read or write on SQLite, not for the process out of memory', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_WRITE' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('out of memory'), { code: 'SQLITE_NOMEM' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('out of memory'), { code: 'SQLITE_IOERR_NOMEM' }))).toBe(false);
  });

  it('is false for bugs and rules of the data', () => {
    expect(isDatabaseUnavailable(serverError('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isDatabaseUnavailable(serverError('42P01', 'relation "nope" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('UNIQUE constraint failed'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable('a string')).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
