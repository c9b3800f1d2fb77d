import { AppError } from './errors.js';

/**
 * Strong ETag of a resource's representation, from the counters that change it: the row's
 * version (bumped by every update) and any derived counts shown with it. ETags are compared per
 * URL, so they need not be unique across resources.
 */
export function etagOf(version: number, ...counts: number[]): string {
  let tag = `"${version.toString(36)}`;
  for (const count of counts) tag += `.${count.toString(36)}`;
  return `${tag}"`;
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
