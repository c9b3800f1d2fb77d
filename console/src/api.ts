/** The console's calls to /console/api: the session cookie rides along; changes carry the CSRF token. */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | undefined,
    /** `details.errors` of a validation error: a JSON pointer to the field and what is wrong with it. */
    readonly fieldErrors: { path: string; message: string }[] = [],
    /** Seconds to wait, from Retry-After (429), else null. */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

/** The message of a validation error's field (`current_password`), if it has one. */
export function fieldError(err: unknown, field: string): string | undefined {
  if (!(err instanceof ApiError)) return undefined;
  return err.fieldErrors.find((e) => e.path === `/${field}`)?.message;
}

let csrfToken = '';
let sessionEnded: (() => void) | null = null;

/**
 * Called when an answer says the session is gone (401 `session_required`: signed out everywhere,
 * expired, user removed): the console then shows the sign-in page. Other 401s (a wrong password,
 * `invalid_credentials`) are ordinary errors of the call that got them.
 */
export function onSessionEnded(listener: (() => void) | null): void {
  sessionEnded = listener;
}

export function setCsrfToken(token: string): void {
  csrfToken = token;
}

export async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken;
  // A Blob (a file to import) goes as it is, with its own type; anything else as JSON.
  const raw = body instanceof Blob;
  if (body !== undefined) headers['content-type'] = raw ? body.type || 'application/octet-stream' : 'application/json';
  const response = await fetch(`/console/api${path}`, {
    method,
    headers,
    credentials: 'same-origin',
    ...(body !== undefined ? { body: raw ? body : JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  const json = text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
  if (!response.ok) {
    const error = (json.error ?? {}) as { code?: string; message?: string; request_id?: string; details?: { errors?: unknown } };
    if (response.status === 401 && error.code === 'session_required') sessionEnded?.();
    const errors = Array.isArray(error.details?.errors) ? (error.details.errors as { path?: unknown; message?: unknown }[]) : [];
    const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
    throw new ApiError(
      response.status,
      error.code ?? 'error',
      error.message ?? response.statusText,
      error.request_id,
      errors.map((e) => ({ path: typeof e.path === 'string' ? e.path : '', message: typeof e.message === 'string' ? e.message : '' })),
      Number.isFinite(retryAfter) ? retryAfter : null,
    );
  }
  return json as T;
}

export type Environment = 'production' | 'development' | 'staging';

export interface Profile {
  user: { id: string; email: string; role: 'owner' | 'developer' | 'viewer'; account_id: string; has_password: boolean };
  account: { id: string; name: string; plan: string };
  environments: Environment[];
  scopes: string[];
  event_types: string[];
  csrf_token: string;
  expires_at: string;
  /** False right after a one-time link sign-in (or without a password): a new password needs no current one then. */
  password_change_needs_current: boolean;
  /** Attempts a webhook delivery gets in all (the first and its retries). */
  webhook_max_attempts: number;
}

export interface ApiKey {
  id: string;
  name: string;
  environment: Environment;
  scopes: string[];
  key_hint: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  /** During a rotation's grace: the old key's hint and until when it still works (absent on older servers). */
  previous_key_hint?: string | null;
  previous_key_expires_at?: string | null;
  key?: string;
}

export interface Endpoint {
  id: string;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  disabled_reason: string | null;
  created_at: string;
  /** The signing secret's first and last characters; after a rotation, the previous one's until it stops signing. */
  secret_hint?: string;
  previous_secret_hint?: string | null;
  previous_secret_expires_at?: string | null;
  secret?: string;
}

export interface Delivery {
  id: string;
  event_id: string;
  event_type: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempt_count: number;
  /** When the next attempt is due (a pending delivery); null once settled. */
  next_attempt_at?: string | null;
  attempts: { attempt: number; status_code: number | null; latency_ms: number; response_excerpt: string; error: string | null; attempted_at: string }[];
  created_at: string;
}

export interface Counts {
  requests: number;
  status_2xx: number;
  status_4xx: number;
  status_429: number;
  status_5xx: number;
}

export interface Usage {
  granularity: 'hour' | 'day';
  key_id: string | null;
  from: string;
  to: string;
  totals: Counts;
  buckets: (Counts & { start: string })[];
  keys: (Counts & { key_id: string; key_name?: string | null })[];
}

export interface RequestLog {
  request_id: string;
  key_id: string | null;
  key_name?: string | null;
  method: string;
  route: string;
  status: number;
  error_code: string | null;
  latency_ms: number;
  created_at: string;
}

export interface Budgets {
  key_id: string;
  plan: string;
  hourly: { limit: number; remaining: number; reset: number } | null;
  burst: { limit: number; remaining: number; reset: number; refill_per_minute: number } | null;
  endpoints: Record<string, { limit: number; remaining: number; reset: number }>;
}

export interface Page<T> {
  data: T[];
  pagination: { total?: number; next_cursor: string | null };
}
