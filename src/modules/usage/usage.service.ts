import type { ApiUsageHoursTable } from '../../db/types.js';
import { toIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError, notFound } from '../../shared/errors.js';
import { findKey, keyNames } from '../api-keys/api-keys.repository.js';
import { listUsageHours } from './usage.repository.js';
import type { Usage, UsageQuery } from './usage.schemas.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Longest range per granularity: a month of hours, a year of days. */
const MAX_BUCKETS = { hour: 31 * 24, day: 366 } as const;
const DEFAULT_BUCKETS = { hour: 24, day: 30 } as const;

/** What the usage read needs of this process's counter: its pending counts written first. */
export interface UsageFlusher {
  flush(): Promise<void>;
}

type Counts = Omit<ApiUsageHoursTable, 'workspace_id' | 'key_id' | 'hour'>;
const zero = (): Counts => ({ requests: 0, status_2xx: 0, status_4xx: 0, status_429: 0, status_5xx: 0 });
function add(into: Counts, row: Counts): void {
  into.requests += Number(row.requests);
  into.status_2xx += Number(row.status_2xx);
  into.status_4xx += Number(row.status_4xx);
  into.status_429 += Number(row.status_429);
  into.status_5xx += Number(row.status_5xx);
}

function parseTime(value: string | undefined, parameter: string): number | undefined {
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new AppError('invalid_parameter', `${parameter} is not a valid timestamp`, { parameter });
  return ms;
}

/**
 * The workspace's API usage per hour or UTC day over [from, to), by status class, every bucket
 * present (zeros included), with each key's totals and current name. Every request made with a
 * key of the workspace counts: refused ones (revoked, expired) and unknown routes too. This process's pending counts are written
 * first, so its own requests show at once; other processes' within their flush interval.
 */
export async function getUsage(ctx: ServiceContext, counter: UsageFlusher, workspaceId: string, query: UsageQuery): Promise<Usage> {
  const granularity = query.granularity ?? 'hour';
  const size = granularity === 'hour' ? HOUR_MS : DAY_MS;
  const now = ctx.clock.now();
  // By default the range ends with the bucket that holds now.
  const toMs = parseTime(query.to, 'to') ?? Math.floor(now / size) * size + size;
  const fromMs = parseTime(query.from, 'from') ?? Math.ceil(toMs / size) * size - DEFAULT_BUCKETS[granularity] * size;
  const from = Math.floor(fromMs / size) * size;
  const to = Math.ceil(toMs / size) * size;
  if (to <= from) throw new AppError('invalid_parameter', '`from` must be before `to`', { parameter: 'from', from: toIso(fromMs), to: toIso(toMs) });
  if ((to - from) / size > MAX_BUCKETS[granularity]) {
    throw new AppError('invalid_parameter', `A ${granularity} range spans at most ${MAX_BUCKETS[granularity]} ${granularity}s`, { parameter: 'to' });
  }
  if (query.key_id !== undefined && !(await findKey(ctx.db, workspaceId, query.key_id))) throw notFound('API key', query.key_id);
  await counter.flush();
  const rows = await listUsageHours(ctx.db, workspaceId, toIso(from), toIso(to), query.key_id);

  const buckets = new Map<number, Counts>();
  for (let start = from; start < to; start += size) buckets.set(start, zero());
  const totals = zero();
  const keys = new Map<string, Counts>();
  for (const row of rows) {
    const hour = Date.parse(row.hour);
    add(buckets.get(Math.floor(hour / size) * size)!, row);
    add(totals, row);
    let perKey = keys.get(row.key_id);
    if (!perKey) keys.set(row.key_id, (perKey = zero()));
    add(perKey, row);
  }
  const names = await keyNames(ctx.db, workspaceId, [...keys.keys()]);
  return {
    granularity,
    from: toIso(from),
    to: toIso(to),
    key_id: query.key_id ?? null,
    totals,
    buckets: [...buckets].map(([start, counts]) => ({ start: toIso(start), ...counts })),
    keys: [...keys]
      .map(([key_id, counts]) => ({ key_id, key_name: names.get(key_id) ?? null, ...counts }))
      .sort((a, b) => b.requests - a.requests || a.key_id.localeCompare(b.key_id)),
  };
}
