import { Type } from 'typebox';

const Window = Type.Object({
  limit: Type.Integer({ description: 'Requests allowed in any 60 minutes.' }),
  used: Type.Integer({ description: 'Requests counted in the window now.' }),
  remaining: Type.Integer({ description: 'Requests left in the window now.' }),
  reset: Type.Integer({ description: 'Unix seconds when the oldest counted request stops counting (the X-RateLimit-Reset of this window).' }),
  window_seconds: Type.Integer({ description: 'Window length: 3600.' }),
});

const Bucket = Type.Object({
  limit: Type.Integer({ description: 'Bucket capacity: the longest burst.' }),
  remaining: Type.Integer({ description: 'Whole tokens in the bucket now.' }),
  reset: Type.Integer({ description: 'Unix seconds when the bucket is full again.' }),
  refill_per_minute: Type.Integer({ description: 'Tokens added per minute (spread evenly).' }),
});

export const RateLimitsResponse = Type.Object({
  data: Type.Object({
    plan: Type.String(),
    hourly: Window,
    burst: Bucket,
    endpoints: Type.Object(
      { export: Window, bulk: Window, search: Window },
      { description: 'Per-endpoint windows (POST /courses/:id/export; POST /students/bulk and /enrollments/bulk; GET /search/*), spent besides the hourly quota.' },
    ),
  }),
});
