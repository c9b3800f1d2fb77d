// The errors the library throws. Every one is a LecternError; API answers are ApiErrors, by status
// family as sdks/vectors/errors.json describes.

/** The base of every error this library throws. */
export class LecternError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The client is missing its API key or base URL, or was given an invalid option. */
export class ConfigurationError extends LecternError {}

/** The request got no HTTP answer: connection refused or reset, DNS failure, or a timeout. */
export class ConnectionError extends LecternError {
  /** True when no answer came within the timeout. */
  readonly timedOut: boolean;

  constructor(message: string, options: { cause?: unknown; timedOut?: boolean } = {}) {
    super(message, { cause: options.cause });
    this.timedOut = options.timedOut ?? false;
  }
}

/** A webhook delivery whose signature, timestamp or body does not hold. */
export class WebhookVerificationError extends LecternError {}

export interface ApiErrorFields {
  status: number;
  code: string;
  message: string;
  details: Record<string, unknown>;
  requestId: string | null;
  retryAfter: number | null;
  headers: Headers;
}

/** An error answer of the API (any status this class's subclasses do not name). */
export class ApiError extends LecternError {
  /** The HTTP status. */
  readonly status: number;
  /** The machine-readable `error.code` (`unexpected_response` when the answer was not a Lectern error body). */
  readonly code: string;
  /** `error.details`: structured context, `{}` when there is none. */
  readonly details: Record<string, unknown>;
  /** The request id (`error.request_id`, else the `X-Request-Id` header), to quote to support. */
  readonly requestId: string | null;
  /** Seconds to wait before retrying: set on a 429 only. */
  readonly retryAfter: number | null;
  /** The answer's headers (not enumerable, so that a logged error shows its fields, not a Headers object). */
  declare readonly headers: Headers;

  constructor(fields: ApiErrorFields) {
    super(fields.message);
    this.status = fields.status;
    this.code = fields.code;
    this.details = fields.details;
    this.requestId = fields.requestId;
    this.retryAfter = fields.retryAfter;
    Object.defineProperty(this, 'headers', { value: fields.headers, enumerable: false });
  }
}

/** 404: the resource does not exist (or belongs to another workspace). */
export class NotFoundError extends ApiError {}
/** 400 and 422: the request was refused as sent (`details.errors` points at each problem). */
export class ValidationError extends ApiError {}
/** 401: the API key is missing or not valid. */
export class AuthenticationError extends ApiError {}
/** 403: the key lacks a scope (`details.required_scope`) or the plan has no API access. */
export class PermissionError extends ApiError {}
/** 409 and 412: a conflict with the resource's state, or a stale `If-Match`. */
export class ConflictError extends ApiError {}
/** 429: a rate limit refused the request; `retryAfter` says for how long. */
export class RateLimitError extends ApiError {}
/** 5xx: the service failed or is unavailable. */
export class ServerError extends ApiError {}

function classFor(status: number): typeof ApiError {
  if (status === 404) return NotFoundError;
  if (status === 400 || status === 422) return ValidationError;
  if (status === 401) return AuthenticationError;
  if (status === 403) return PermissionError;
  if (status === 409 || status === 412) return ConflictError;
  if (status === 429) return RateLimitError;
  if (status >= 500 && status <= 599) return ServerError;
  return ApiError;
}

/** Seconds of a Retry-After header (delta-seconds or an HTTP date), or null. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The exception for an error answer, from its status, headers and body text. */
export function errorFromResponse(status: number, headers: Headers, bodyText: string): ApiError {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    body = undefined;
  }
  const error = isObject(body) && isObject(body.error) ? body.error : undefined;
  const lectern = error !== undefined && typeof error.code === 'string' && typeof error.message === 'string';
  const headerRequestId = headers.get('x-request-id');
  const bodyRequestId = lectern && typeof error.request_id === 'string' ? error.request_id : null;
  let retryAfter: number | null = null;
  if (status === 429) {
    retryAfter = lectern && typeof error.retry_after === 'number' ? error.retry_after : parseRetryAfter(headers.get('retry-after'));
  }
  const Kind = classFor(status);
  return new Kind({
    status,
    code: lectern ? (error.code as string) : 'unexpected_response',
    message: lectern ? (error.message as string) : `HTTP ${status}`,
    details: lectern && isObject(error.details) ? error.details : {},
    requestId: bodyRequestId ?? headerRequestId ?? null,
    retryAfter,
    headers,
  });
}
