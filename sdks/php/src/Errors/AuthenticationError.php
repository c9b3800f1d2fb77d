<?php

declare(strict_types=1);

namespace Lectern\Errors;

/** 401: the API key is missing, unknown, expired or revoked. */
class AuthenticationError extends ApiError
{
}
