import { Type } from 'typebox';
import { Ref } from '../../shared/schemas.js';

const Window = Type.Object(
  {
    limit: Type.Integer({ description: 'Requests allowed in any 60 minutes.' }),
    used: Type.Integer({ description: 'Requests counted in the window now.' }),
    remaining: Type.Integer({ description: 'Requests left in the window now.' }),
    reset: Type.Integer({ description: 'Unix seconds when the oldest counted request stops counting (the X-RateLimit-Reset of this window).' }),
    window_seconds: Type.Integer({ description: 'Window length: 3600.' }),
  },
  { $id: 'RateLimitWindow', title: 'RateLimitWindow', description: 'A sliding window of 60 minutes.' },
);

const Bucket = Type.Object(
  {
    limit: Type.Integer({ description: 'Bucket capacity: the longest burst.' }),
    remaining: Type.Integer({ description: 'Whole tokens in the bucket now.' }),
    reset: Type.Integer({ description: 'Unix seconds when the bucket is full again.' }),
    refill_per_minute: Type.Integer({ description: 'Tokens added per minute (spread evenly).' }),
  },
  { $id: 'RateLimitBucket', title: 'RateLimitBucket', description: 'The burst token bucket.' },
);

export const RateLimits = Type.Object(
  {
    plan: Type.String({ description: 'The account\'s plan: professional, enterprise or custom.' }),
    hourly: Ref(Window),
    burst: Ref(Bucket),
    endpoints: Type.Object(
      { export: Ref(Window), bulk: Ref(Window), search: Ref(Window), imports: Ref(Window) },
      {
        description:
          'Per-endpoint windows (POST /courses/:id/export; POST /students/bulk, /enrollments/bulk and /courses/import; GET /search/*; POST /imports, where a replayed Idempotency-Key spends none), spent besides the hourly quota.',
      },
    ),
  },
  { $id: 'RateLimits', title: 'RateLimits', description: 'The calling key\'s budgets (docs/rate-limits.md).' },
);

/** Shared (app.addSchema in plugins/openapi.ts). */
export const rateLimitSchemas = [Window, Bucket, RateLimits];

const window = (limit: number, used: number) => ({ limit, used, remaining: limit - used, reset: 1795345200, window_seconds: 3600 });

export const RateLimitsResponse = Type.Object(
  { data: Ref(RateLimits) },
  {
    description: 'The calling key\'s budgets, read without spending any.',
    examples: [
      {
        data: {
          plan: 'professional',
          hourly: window(1000, 12),
          burst: { limit: 100, remaining: 97, reset: 1795341602, refill_per_minute: 100 },
          endpoints: { export: window(10, 1), bulk: window(20, 2), search: window(100, 0), imports: window(10, 1) },
        },
      },
    ],
  },
);
