import type { UpsertMode } from '../db/upsert.js';
import { AppError } from './errors.js';
import { validationError } from './validation-issues.js';
import type { Versioned } from './versioned.js';

/** What an upsert did, as the `Lectern-Upsert` header says. */
export type UpsertOutcomeName = 'created' | 'updated' | 'unchanged';

/** An upserted resource with its ETag and what the upsert did to it. */
export interface Upserted<T> extends Versioned<T> {
  outcome: UpsertOutcomeName;
}

/** The conditional headers of an upsert (RFC 9110 §13.1.1, §13.1.2). */
export interface UpsertConditions {
  ifMatch?: string | undefined;
  ifNoneMatch?: string | undefined;
}

/** How an upsert runs under its conditions, and the 412 when a row is skipped by them. */
export interface UpsertPlan<Row> {
  mode: UpsertMode;
  condition: ((current: Row) => boolean) | undefined;
  /** The 412 for a skipped row: `current` is the existing object, if any. */
  refused: (current: Row | undefined) => AppError;
}

/**
 * `If-None-Match: *` only creates (the object exists: 412), `If-Match` only updates (no object:
 * 412), and `If-Match: <etag>` / `If-None-Match: <etag>` compare with the existing object's ETag,
 * all decided in the upsert's transaction. A body `external_id` must be the path's.
 */
export function upsertPlan<Row>(
  resource: string,
  externalId: string,
  bodyExternalId: string | undefined,
  conditions: UpsertConditions,
  etagOf: (row: Row) => string,
): UpsertPlan<Row> {
  if (bodyExternalId !== undefined && bodyExternalId !== externalId) {
    throw validationError('body', [{ path: '/external_id', message: `must equal the external id of the path (${JSON.stringify(externalId)}), or be left out` }]);
  }
  const { ifMatch, ifNoneMatch } = conditions;
  const mode: UpsertMode = ifMatch !== undefined ? 'update_only' : ifNoneMatch !== undefined && tagsOf(ifNoneMatch).includes('*') ? 'create_only' : 'upsert';
  const condition =
    ifMatch === undefined && ifNoneMatch === undefined
      ? undefined
      : (current: Row) => {
          const etag = etagOf(current);
          return (ifMatch === undefined || matches(ifMatch, etag)) && (ifNoneMatch === undefined || !matches(ifNoneMatch, etag, true));
        };
  const refused = (current: Row | undefined) => {
    const name = `${resource} with external_id ${JSON.stringify(externalId)}`;
    if (current === undefined) {
      return new AppError('precondition_failed', `No ${name} exists, and If-Match allows only an update`, {});
    }
    const etag = etagOf(current);
    const message =
      ifNoneMatch !== undefined && matches(ifNoneMatch, etag, true)
        ? `A ${name} already exists, and If-None-Match allows only a creation`
        : `The ${name} changed since you read it (If-Match does not match its ETag); read it again`;
    return new AppError('precondition_failed', message, { etag });
  };
  return { mode, condition, refused };
}

function tagsOf(header: string): string[] {
  return header.split(',').map((tag) => tag.trim());
}

/** `*` or the ETag among the header's; If-None-Match compares weakly (a `W/` prefix is ignored). */
function matches(header: string, etag: string, weak = false): boolean {
  const tags = tagsOf(header).map((tag) => (weak && tag.startsWith('W/') ? tag.slice(2) : tag));
  return tags.includes('*') || tags.includes(etag);
}
