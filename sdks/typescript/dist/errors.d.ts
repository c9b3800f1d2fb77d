/** The base of every error this library throws. */
export declare class LecternError extends Error {
    constructor(message: string, options?: {
        cause?: unknown;
    });
}
/** The client is missing its API key or base URL, or was given an invalid option. */
export declare class ConfigurationError extends LecternError {
}
/** The request got no HTTP answer: connection refused or reset, DNS failure, or a timeout. */
export declare class ConnectionError extends LecternError {
    /** True when no answer came within the timeout. */
    readonly timedOut: boolean;
    constructor(message: string, options?: {
        cause?: unknown;
        timedOut?: boolean;
    });
}
/** A webhook delivery whose signature, timestamp or body does not hold. */
export declare class WebhookVerificationError extends LecternError {
}
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
export declare class ApiError extends LecternError {
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
    readonly headers: Headers;
    constructor(fields: ApiErrorFields);
}
/** 404: the resource does not exist (or belongs to another workspace). */
export declare class NotFoundError extends ApiError {
}
/** 400 and 422: the request was refused as sent (`details.errors` points at each problem). */
export declare class ValidationError extends ApiError {
}
/** 401: the API key is missing or not valid. */
export declare class AuthenticationError extends ApiError {
}
/** 403: the key lacks a scope (`details.required_scope`) or the plan has no API access. */
export declare class PermissionError extends ApiError {
}
/** 409 and 412: a conflict with the resource's state, or a stale `If-Match`. */
export declare class ConflictError extends ApiError {
}
/** 429: a rate limit refused the request; `retryAfter` says for how long. */
export declare class RateLimitError extends ApiError {
}
/** 5xx: the service failed or is unavailable. */
export declare class ServerError extends ApiError {
}
/** Seconds of a Retry-After header (delta-seconds or an HTTP date), or null. */
export declare function parseRetryAfter(value: string | null, now?: number): number | null;
/** The exception for an error answer, from its status, headers and body text. */
export declare function errorFromResponse(status: number, headers: Headers, bodyText: string): ApiError;
