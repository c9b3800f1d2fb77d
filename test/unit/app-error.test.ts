import { describe, expect, it } from 'vitest';
import { AppError, notFound, rateLimited } from '../../src/shared/errors.js';

/**
 * A client error (4xx) is answered and never logged with its stack, so none is captured for it
 * (src/shared/errors.ts); a server error (5xx) is logged with the stack of where it was made.
 */
describe('AppError', () => {
  const madeHere = () => new AppError('internal_error', 'made here');

  it('captures no stack frames for a client error, and leaves the process limit as it was', () => {
    const before = Error.stackTraceLimit;
    for (const error of [rateLimited('Rate limit exceeded', 3), notFound('Course', 'crs_x'), new AppError('invalid_api_key', 'no')]) {
      expect(error.status).toBeLessThan(500);
      expect(error.stack).toBe(`AppError: ${error.message}`);
    }
    expect(Error.stackTraceLimit).toBe(before);
    expect(new Error('plain').stack).toContain('app-error.test.ts');
  });

  it('keeps the stack of a server error, for its log line', () => {
    const error = madeHere();
    expect(error.status).toBe(500);
    expect(error.stack).toContain('madeHere');
    expect(new AppError('service_unavailable', 'away').stack).toContain('app-error.test.ts');
  });

  it('answers its message, code, status and headers as before', () => {
    const error = rateLimited('Rate limit exceeded: retry in 3 seconds', 3, { limit: 'burst' });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: 'rate_limit_exceeded', status: 429, retryAfter: 3, details: { limit: 'burst' }, headers: { 'retry-after': '3' } });
    expect(error.message).toBe('Rate limit exceeded: retry in 3 seconds');
  });
});
