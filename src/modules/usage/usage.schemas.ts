import { type Static, Type } from 'typebox';
import { DataOf, Id, Ref, Timestamp } from '../../shared/schemas.js';

const Count = (description: string) => Type.Integer({ minimum: 0, description });

/** The counts of one period (a bucket, a key's total, the whole range). */
const countFields = {
  requests: Count('Every API request answered, whatever its status, made with a key of the workspace: unknown routes and the 401s of revoked or expired keys included.'),
  status_2xx: Count('Answered 2xx.'),
  status_4xx: Count('Answered 4xx other than 429.'),
  status_429: Count('Refused by a rate limit (429).'),
  status_5xx: Count('Answered 5xx.'),
};

export const UsageCounts = Type.Object(countFields, {
  $id: 'UsageCounts',
  title: 'UsageCounts',
  description: 'API requests by status class: 4xx excludes 429, which is counted on its own.',
  examples: [{ requests: 1250, status_2xx: 1200, status_4xx: 30, status_429: 15, status_5xx: 5 }],
});

const exampleBucket = { start: '2026-11-22T10:00:00.000Z', requests: 52, status_2xx: 48, status_4xx: 3, status_429: 1, status_5xx: 0 };

export const UsageBucket = Type.Object(
  { start: Timestamp('Start of the hour or UTC day.'), ...countFields },
  { $id: 'UsageBucket', title: 'UsageBucket', description: 'One hour or one UTC day of usage.', examples: [exampleBucket] },
);

export const KeyUsage = Type.Object(
  {
    key_id: Id('key'),
    key_name: Type.Union([Type.String(), Type.Null()], { description: 'The key\'s current name; null when the key no longer exists.' }),
    ...countFields,
  },
  {
    $id: 'KeyUsage',
    title: 'KeyUsage',
    description: 'One key\'s usage over the whole range.',
    examples: [{ key_id: 'key_01jd4z3t0v1w2x3y4z5a6b7c8d', key_name: 'LMS sync', requests: 52, status_2xx: 48, status_4xx: 3, status_429: 1, status_5xx: 0 }],
  },
);

export const Granularity = Type.Union([Type.Literal('hour'), Type.Literal('day')], { description: '`hour` (default; the last 24 hours) or `day` (the last 30 UTC days).' });

const exampleUsage = {
  granularity: 'hour',
  from: '2026-11-22T10:00:00.000Z',
  to: '2026-11-22T12:00:00.000Z',
  key_id: null,
  totals: { requests: 52, status_2xx: 48, status_4xx: 3, status_429: 1, status_5xx: 0 },
  buckets: [exampleBucket, { ...exampleBucket, start: '2026-11-22T11:00:00.000Z', requests: 0, status_2xx: 0, status_4xx: 0, status_429: 0 }],
  keys: [{ key_id: 'key_01jd4z3t0v1w2x3y4z5a6b7c8d', key_name: 'LMS sync', requests: 52, status_2xx: 48, status_4xx: 3, status_429: 1, status_5xx: 0 }],
};

export const Usage = Type.Object(
  {
    granularity: Granularity,
    from: Timestamp('Start of the first bucket (`from` rounded down to the hour or day).'),
    to: Timestamp('End of the last bucket (exclusive).'),
    key_id: Type.Union([Id('key'), Type.Null()], { description: 'The key asked for; null for every key of the workspace.' }),
    totals: Ref(UsageCounts),
    buckets: Type.Array(Ref(UsageBucket), { description: 'Every hour or day of the range, oldest first; zeros included.' }),
    keys: Type.Array(Ref(KeyUsage), { description: 'Each key with any request in the range, most requests first.' }),
  },
  {
    $id: 'Usage',
    title: 'Usage',
    description: 'API requests of the workspace per hour or day, by status class (docs/api.md, "Usage").',
    examples: [exampleUsage],
  },
);
export type Usage = Static<typeof Usage>;

export const UsageQuery = Type.Object(
  {
    granularity: Type.Optional(Granularity),
    from: Type.Optional(Timestamp('Start of the range (default: 24 hours ago for `hour`, 30 days ago for `day`).')),
    to: Type.Optional(Timestamp('End of the range, exclusive (default: the end of the current hour or day). At most 31 days after `from` by hour, 366 by day.')),
    key_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Only this key of the workspace (404 for any other).' })),
  },
  { additionalProperties: false },
);
export type UsageQuery = Static<typeof UsageQuery>;

export const exampleUsageAlert = {
  key_id: 'key_01jd4z3t0v1w2x3y4z5a6b7c8d',
  key_name: 'LMS sync',
  environment: 'production',
  hour: '2026-11-22T10:00:00.000Z',
  requests: 800,
  hourly_quota: 1000,
  threshold_percent: 80,
};

/** The object of a `usage.threshold_reached` event. */
export const UsageAlert = Type.Object(
  {
    key_id: Id('key'),
    key_name: Type.String(),
    environment: Type.Union([Type.Literal('production'), Type.Literal('development'), Type.Literal('staging')]),
    hour: Timestamp('Start of the clock hour (UTC) in which the key reached the threshold.'),
    requests: Type.Integer({ minimum: 0, description: 'The key\'s requests in that hour when the alert was recorded.' }),
    hourly_quota: Type.Integer({ minimum: 1, description: 'The key\'s hourly quota.' }),
    threshold_percent: Type.Integer({ minimum: 1, maximum: 100, description: 'The share of the quota reached (80).' }),
  },
  {
    $id: 'UsageAlert',
    title: 'UsageAlert',
    description: 'A key reached a share of its hourly quota within a clock hour (counted from its usage).',
    examples: [exampleUsageAlert],
  },
);

/** Shared (app.addSchema in plugins/openapi.ts). */
export const usageSchemas = [UsageCounts, UsageBucket, KeyUsage, Usage, UsageAlert];

export const UsageResponse = DataOf(Usage, { description: 'The usage of the range.', examples: [{ data: exampleUsage }] });
