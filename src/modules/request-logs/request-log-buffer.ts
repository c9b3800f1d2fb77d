import type { Kysely } from 'kysely';
import type { DB, RequestLogsTable } from '../../db/types.js';
import { type Clock, toIso } from '../../shared/clock.js';
import { PeriodicWriter } from '../../shared/periodic-writer.js';
import { deleteRequestLogsBefore, insertRequestLogs } from './request-logs.repository.js';

/** How long failed requests stay in the log. */
export const REQUEST_LOG_RETENTION_MS = 7 * 86_400_000;
/** At most this many entries wait in memory; past it the oldest are dropped (a flood of errors must not grow the heap). */
const MAX_PENDING = 10_000;
/** Expired entries are deleted at most this often per process. */
const PRUNE_EVERY_MS = 3_600_000;

/**
 * The failed-request log without a write per request: a failed API request (4xx, 5xx) is queued
 * in memory and `flush` inserts the queue in one transaction, on an interval, before a read of
 * this process and when the app closes. Successful requests cost nothing here. Entries older
 * than 7 days are deleted by the flushes, at most once an hour per process.
 */
export class RequestLogBuffer extends PeriodicWriter {
  private pending: RequestLogsTable[] = [];
  private prunedAt = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {
    super();
  }

  record(entry: RequestLogsTable): void {
    if (this.pending.length >= MAX_PENDING) this.pending.shift();
    this.pending.push(entry);
  }

  protected async write(): Promise<void> {
    const now = this.clock.now();
    if (now - this.prunedAt >= PRUNE_EVERY_MS) {
      this.prunedAt = now;
      await deleteRequestLogsBefore(this.db, toIso(now - REQUEST_LOG_RETENTION_MS));
    }
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    try {
      await this.db.transaction().execute((trx) => insertRequestLogs(trx, batch));
    } catch (err) {
      this.pending = [...batch, ...this.pending].slice(-MAX_PENDING);
      throw err;
    }
  }
}
