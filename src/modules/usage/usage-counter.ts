import type { Kysely } from 'kysely';
import type { ApiUsageHoursTable, DB } from '../../db/types.js';
import { type Clock, toIso } from '../../shared/clock.js';
import { PeriodicWriter } from '../../shared/periodic-writer.js';
import { recordEvent } from '../events/record-events.js';
import { addUsage, claimAlert, hourRequests, keyOf } from './usage.repository.js';

const HOUR_MS = 3_600_000;

/** The share of a key's hourly quota at which a `usage.threshold_reached` event is recorded. */
export const USAGE_ALERT_PERCENT = 80;

interface PendingHour {
  row: ApiUsageHoursTable;
  /**
   * The key's hourly quota: an alert fires when the hour's count reaches USAGE_ALERT_PERCENT of it.
   * Undefined while only refused requests of the key (revoked, expired) were counted: their limits
   * were not worked out.
   */
  quota: number | undefined;
}

/** The hour a key's requests are counted in now, found by its key id (the same string request after request). */
interface CurrentHour {
  hourStart: number;
  workspaceId: string;
  entry: PendingHour;
}

/**
 * API usage per key and clock hour without a database write per request: each request adds to a
 * counter in memory; `flush` adds the counters to the stored hours in one transaction (on an
 * interval, before a read of this process, and when the app closes). The stored update is
 * additive, so every process's counts add up: the figures are exact across processes once each
 * has flushed, that is within one flush interval. The same flush notices a key that reached
 * USAGE_ALERT_PERCENT of its hourly quota and records one `usage.threshold_reached` event per
 * key and hour, whichever process sees it first.
 */
export class UsageCounter extends PeriodicWriter {
  private pending = new Map<string, PendingHour>();
  /** Each key's entry of `pending` for its current hour: a request adds to it without building the entry's id. */
  private current = new Map<string, CurrentHour>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {
    super();
  }

  /**
   * Counts one API request of a key (`hourlyQuota` undefined for a refused key) made at `at`:
   * synchronous, and after the first request of a key in an hour an increment of its entry, with
   * nothing allocated.
   */
  count(workspaceId: string, keyId: string, status: number, hourlyQuota: number | undefined, at: number): void {
    const hourStart = at - (at % HOUR_MS);
    let current = this.current.get(keyId);
    if (current === undefined || current.hourStart !== hourStart || current.workspaceId !== workspaceId) {
      current = { hourStart, workspaceId, entry: this.entryOf(workspaceId, keyId, hourStart) };
      this.current.set(keyId, current);
    }
    const { entry } = current;
    if (entry.quota === undefined) entry.quota = hourlyQuota;
    const { row } = entry;
    row.requests++;
    if (status === 429) row.status_429++;
    else if (status >= 500) row.status_5xx++;
    else if (status >= 400) row.status_4xx++;
    else if (status >= 200 && status < 300) row.status_2xx++;
  }

  private entryOf(workspaceId: string, keyId: string, hourStart: number): PendingHour {
    const id = `${workspaceId} ${keyId} ${hourStart}`;
    let entry = this.pending.get(id);
    if (!entry) {
      entry = {
        row: { workspace_id: workspaceId, key_id: keyId, hour: toIso(hourStart), requests: 0, status_2xx: 0, status_4xx: 0, status_429: 0, status_5xx: 0 },
        quota: undefined,
      };
      this.pending.set(id, entry);
    }
    return entry;
  }

  protected async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    this.current.clear();
    try {
      await this.db.transaction().execute(async (trx) => {
        await addUsage(trx, batch.map((entry) => entry.row));
        for (const entry of batch) await this.alertIfReached(trx, entry);
      });
    } catch (err) {
      // Put the counts back (adding to any counted meanwhile): nothing is lost to a failed write.
      for (const entry of batch) this.restore(entry);
      throw err;
    }
  }

  private restore({ row, quota }: PendingHour): void {
    const id = `${row.workspace_id} ${row.key_id} ${Date.parse(row.hour)}`;
    const current = this.pending.get(id);
    if (!current) {
      this.pending.set(id, { row, quota });
      return;
    }
    current.quota ??= quota;
    for (const field of ['requests', 'status_2xx', 'status_4xx', 'status_429', 'status_5xx'] as const) current.row[field] += row[field];
  }

  private async alertIfReached(trx: Kysely<DB>, { row, quota }: PendingHour): Promise<void> {
    // Only refused requests of the key in this batch: its quota is not known, nor is it spending it.
    if (quota === undefined) return;
    const threshold = Math.ceil((quota * USAGE_ALERT_PERCENT) / 100);
    const after = await hourRequests(trx, row.workspace_id, row.key_id, row.hour);
    if (after < threshold) return;
    const now = this.clock.now();
    if (!(await claimAlert(trx, row.key_id, row.hour, USAGE_ALERT_PERCENT, toIso(now)))) return;
    const key = await keyOf(trx, row.workspace_id, row.key_id);
    await recordEvent(trx, this.clock, row.workspace_id, 'usage.threshold_reached', {
      key_id: row.key_id,
      key_name: key?.name ?? '',
      environment: key?.environment ?? 'production',
      hour: row.hour,
      requests: after,
      hourly_quota: quota,
      threshold_percent: USAGE_ALERT_PERCENT,
    });
  }
}
