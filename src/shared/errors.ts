/**
 * The one error class of the service and the closed list of codes it may carry.
 * Every failure a client sees goes through the error handler as one of these.
 */
export const errorStatus = {
  validation_error: 400,
  invalid_json: 400,
  invalid_parameter: 400,
  conflicting_credentials: 400,
  malformed_request: 400,
  invalid_encoding: 400,
  invalid_file: 400,
  missing_api_key: 401,
  invalid_api_key: 401,
  invalid_credentials: 401,
  session_required: 401,
  insufficient_permissions: 403,
  plan_not_eligible: 403,
  https_required: 403,
  csrf_failed: 403,
  resource_not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  already_enrolled: 409,
  not_enrolled: 409,
  student_exists: 409,
  student_inactive: 409,
  course_exists: 409,
  course_has_enrollments: 409,
  course_not_published: 409,
  idempotency_request_in_progress: 409,
  export_not_ready: 409,
  api_key_revoked: 409,
  last_owner: 409,
  lti_registration_exists: 409,
  duplicate_in_import: 409,
  import_not_awaiting_confirmation: 409,
  export_expired: 410,
  precondition_failed: 412,
  payload_too_large: 413,
  too_many_rows: 413,
  unsupported_media_type: 415,
  idempotency_key_reused: 422,
  rate_limit_exceeded: 429,
  headers_too_large: 431,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const errorCodes = Object.keys(errorStatus) as ErrorCode[];

export type ErrorDetails = Record<string, unknown>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetails;
  /** Extra headers the response must carry (Allow, Retry-After…). */
  readonly headers: Record<string, string>;
  /** Seconds to wait, for `rate_limit_exceeded` (the body's `error.retry_after`). */
  retryAfter: number | undefined;

  constructor(code: ErrorCode, message: string, details: ErrorDetails = {}, headers: Record<string, string> = {}) {
    const status = errorStatus[code];
    if (status < 500) {
      // A client error's stack is never read: only 5xx answers log their error (plugins/errors.ts).
      // V8 captures it in Error's constructor, through every async frame of the request: about 8 µs
      // a refusal, a tenth of a 429's CPU under a flood of them (bench/README.md, "Refusals").
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 0;
      super(message);
      Error.stackTraceLimit = limit;
    } else {
      super(message);
    }
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    this.details = details;
    this.headers = headers;
    this.retryAfter = undefined;
  }
}

/** 429 `rate_limit_exceeded`: `Retry-After` and `error.retry_after` carry the same whole seconds. */
export function rateLimited(message: string, retryAfterSeconds: number, details: ErrorDetails = {}): AppError {
  const error = new AppError('rate_limit_exceeded', message, details, { 'retry-after': String(retryAfterSeconds) });
  error.retryAfter = retryAfterSeconds;
  return error;
}

/** 404 whose message names the resource, e.g. "Course crs_… not found". */
export function notFound(resource: string, id: string): AppError {
  return new AppError('resource_not_found', `${resource} ${id} not found`, { resource: resource.toLowerCase().replace(/ /g, '_'), id });
}
