import { hash } from 'node:crypto';
import { AppError } from './errors.js';

/** Strong ETag of a representation, from the values that change it. */
export function etagOf(...parts: (string | number)[]): string {
  return `"${hash('sha1', parts.join('\u0000'), 'base64url').slice(0, 20)}"`;
}

/** RFC 9110 If-Match: `*` or a list of ETags, compared strongly. Absent means "no precondition". */
export function assertIfMatch(ifMatch: string | undefined, current: string): void {
  if (ifMatch === undefined) return;
  const candidates = ifMatch.split(',').map((tag) => tag.trim());
  if (candidates.includes('*') || candidates.includes(current)) return;
  throw new AppError('precondition_failed', 'The resource changed since you read it (If-Match does not match its ETag); read it again', {
    etag: current,
  });
}
