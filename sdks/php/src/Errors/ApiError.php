<?php

declare(strict_types=1);

namespace Lectern\Errors;

use Lectern\Http\Response;

/**
 * An error answer of the API (status 400 and above). Subclasses name the family by status:
 * NotFoundError (404), ValidationError (400, 422), AuthenticationError (401),
 * PermissionDeniedError (403), ConflictError (409, 412), RateLimitError (429), ServerError (5xx).
 *
 * `$code` holds the API's string error code (`resource_not_found`, …), as PDOException holds
 * SQLSTATE strings; an answer that is not a Lectern error body has code `unexpected_response`.
 */
class ApiError extends LecternError
{
    /** @var string the API's error code, e.g. `validation_error`; also what getCode() answers */
    public $code;

    /** @var string */
    public $message;

    /**
     * @param array<string, mixed> $details
     */
    public function __construct(
        public readonly int $status,
        string $code,
        string $message,
        public readonly array $details = [],
        public readonly ?string $requestId = null,
        public readonly ?int $retryAfter = null,
        public readonly ?Response $response = null,
    ) {
        parent::__construct($message);
        $this->code = $code;
        $this->message = $message;
    }

    /** Builds the exception of the right class for an error answer. */
    public static function fromResponse(Response $response): self
    {
        $status = $response->status;
        $decoded = json_decode($response->body, true);
        $error = is_array($decoded) && is_array($decoded['error'] ?? null) && is_string($decoded['error']['code'] ?? null)
            ? $decoded['error']
            : null;

        $code = $error !== null ? $error['code'] : 'unexpected_response';
        $message = $error !== null && is_string($error['message'] ?? null) ? $error['message'] : "HTTP {$status}";
        $details = $error !== null && is_array($error['details'] ?? null) ? $error['details'] : [];
        $requestId = $error !== null && is_string($error['request_id'] ?? null)
            ? $error['request_id']
            : $response->header('x-request-id');

        $retryAfter = null;
        if ($status === 429) {
            if ($error !== null && is_int($error['retry_after'] ?? null)) {
                $retryAfter = $error['retry_after'];
            } elseif (is_numeric($response->header('retry-after'))) {
                $retryAfter = (int) ceil((float) $response->header('retry-after'));
            }
        }

        $class = match (true) {
            $status === 404 => NotFoundError::class,
            $status === 400, $status === 422 => ValidationError::class,
            $status === 401 => AuthenticationError::class,
            $status === 403 => PermissionDeniedError::class,
            $status === 409, $status === 412 => ConflictError::class,
            $status === 429 => RateLimitError::class,
            $status >= 500 => ServerError::class,
            default => self::class,
        };

        return new $class($status, $code, $message, $details, $requestId, $retryAfter, $response);
    }

    public function getStatus(): int
    {
        return $this->status;
    }

    /** The API's error code (the same as getCode()). */
    public function getErrorCode(): string
    {
        return $this->code;
    }

    /** @return array<string, mixed> */
    public function getDetails(): array
    {
        return $this->details;
    }

    public function getRequestId(): ?string
    {
        return $this->requestId;
    }

    /** Seconds to wait before retrying (429 only; null otherwise). */
    public function getRetryAfter(): ?int
    {
        return $this->retryAfter;
    }
}
