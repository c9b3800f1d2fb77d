<?php

declare(strict_types=1);

namespace Lectern\Errors;

/** 400 (validation_error, invalid_json, invalid_parameter, …) and 422 (idempotency_key_reused). */
class ValidationError extends ApiError
{
}
