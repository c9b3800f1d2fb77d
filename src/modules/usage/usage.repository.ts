import { type Kysely, sql } from 'kysely';
import type { ApiUsageHoursTable, DB } from '../../db/types.js';

/** Adds counts to the stored hours: one upsert per (workspace, key, hour), additive, so processes never overwrite each other. */
export async function addUsage(trx: Kysely<DB>, rows: ApiUsageHoursTable[]): Promise<void> {
  // In statements of at most 500 rows, within both databases' limits on bound parameters.
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto('api_usage_hours')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) =>
        oc.columns(['workspace_id', 'key_id', 'hour']).doUpdateSet({
          requests: sql`api_usage_hours.requests + excluded.requests`,
          status_2xx: sql`api_usage_hours.status_2xx + excluded.status_2xx`,
          status_4xx: sql`api_usage_hours.status_4xx + excluded.status_4xx`,
          status_429: sql`api_usage_hours.status_429 + excluded.status_429`,
          status_5xx: sql`api_usage_hours.status_5xx + excluded.status_5xx`,
        }),
      )
      .execute();
  }
}

/** The stored requests of one key in one hour, after an addUsage in the same transaction. */
export async function hourRequests(trx: Kysely<DB>, workspaceId: string, keyId: string, hour: string): Promise<number> {
  const row = await trx
    .selectFrom('api_usage_hours')
    .select('requests')
    .where('workspace_id', '=', workspaceId)
    .where('key_id', '=', keyId)
    .where('hour', '=', hour)
    .executeTakeFirst();
  return row ? Number(row.requests) : 0;
}

/** The workspace's hours in [from, to), optionally of one key, oldest first. */
export async function listUsageHours(db: Kysely<DB>, workspaceId: string, from: string, to: string, keyId: string | undefined): Promise<ApiUsageHoursTable[]> {
  let query = db
    .selectFrom('api_usage_hours')
    .select(['workspace_id', 'key_id', 'hour', 'requests', 'status_2xx', 'status_4xx', 'status_429', 'status_5xx'])
    .where('workspace_id', '=', workspaceId)
    .where('hour', '>=', from)
    .where('hour', '<', to);
  if (keyId !== undefined) query = query.where('key_id', '=', keyId);
  return query.orderBy('hour').orderBy('key_id').execute();
}

/**
 * Claims the alert of one key, hour and threshold: true for the one caller (of any process) that
 * records it, false when it was recorded already.
 */
export async function claimAlert(trx: Kysely<DB>, keyId: string, hour: string, thresholdPercent: number, now: string): Promise<boolean> {
  const inserted = await trx
    .insertInto('usage_alerts')
    .values({ key_id: keyId, hour, threshold_percent: thresholdPercent, created_at: now })
    .onConflict((oc) => oc.columns(['key_id', 'hour', 'threshold_percent']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** The key's name and environment, for the alert's object. */
export async function keyOf(trx: Kysely<DB>, workspaceId: string, keyId: string) {
  return trx.selectFrom('api_keys').select(['id', 'name', 'environment']).where('workspace_id', '=', workspaceId).where('id', '=', keyId).executeTakeFirst();
}
