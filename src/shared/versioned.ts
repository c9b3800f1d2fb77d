import type { AppError } from './errors.js';
import { assertIfMatch } from './etag.js';

/** A resource as the API returns it, with the ETag of that representation. */
export interface Versioned<T> {
  data: T;
  etag: string;
}

interface VersionedRow {
  version: number;
  updated_at: string;
}

export interface VersionedUpdate<Row extends VersionedRow, T> {
  load: () => Promise<Row | undefined>;
  missing: () => AppError;
  present: (row: Row) => Versioned<T>;
  /** The column changes a request asks for, given the current row; empty means nothing to do. */
  changes: (current: Row) => Promise<Partial<Row>> | Partial<Row>;
  /**
   * Writes the changes if the row is still at `version`; false when it moved meanwhile. `next` is
   * the row as the write leaves it (for the event that reports the change), `current` as it was.
   */
  write: (version: number, changes: Partial<Row>, next: Row, current: Row) => Promise<boolean>;
  ifMatch: string | undefined;
  now: () => string;
}

/**
 * Optimistic update: applies the changes to the version that was read. With If-Match the caller's
 * ETag must match that version (412 otherwise); without it, a concurrent change makes this read
 * again and apply on top of it (the last write wins, and no write is lost half-way).
 */
export async function updateVersioned<Row extends VersionedRow, T>(update: VersionedUpdate<Row, T>): Promise<Versioned<T>> {
  for (;;) {
    const current = await update.load();
    if (!current) throw update.missing();
    const presented = update.present(current);
    assertIfMatch(update.ifMatch, presented.etag);
    const changes = await update.changes(current);
    if (Object.keys(changes).length === 0) return presented;
    const updatedAt = update.now();
    const next: Row = { ...current, ...changes, updated_at: updatedAt, version: current.version + 1 };
    if (await update.write(current.version, { ...changes, updated_at: updatedAt }, next, current)) return update.present(next);
  }
}
