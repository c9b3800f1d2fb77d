<?php

declare(strict_types=1);

namespace Lectern\Errors;

/** 403: the key lacks a scope, the plan has no API access, or HTTPS is required. */
class PermissionDeniedError extends ApiError
{
}
