import { AppError } from './errors.js';

/**
 * Dense 0-based positions among siblings (modules of a course, lessons of a module). These turn a
 * requested position into the one to use, or the 400 a client gets for one out of range.
 */

/** Where a new item goes among `count` siblings: the end by default, 0..count if asked. */
export function insertPosition(count: number, requested: number | undefined): number {
  if (requested === undefined) return count;
  if (requested > count) throw outOfRange(requested, count);
  return requested;
}

/** Where an existing item moves among `count` siblings (itself included): 0..count-1. */
export function movePosition(count: number, requested: number): number {
  if (requested > count - 1) throw outOfRange(requested, count - 1);
  return requested;
}

function outOfRange(requested: number, max: number): AppError {
  return new AppError('validation_error', `position must be from 0 to ${max}`, {
    errors: [{ path: '/position', message: `must be from 0 to ${max} (got ${requested})` }],
  });
}
