<?php

declare(strict_types=1);

namespace Lectern\Errors;

/** 429 rate_limit_exceeded; retryAfter says how many seconds to wait. */
class RateLimitError extends ApiError
{
}
