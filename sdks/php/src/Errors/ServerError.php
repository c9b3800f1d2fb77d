<?php

declare(strict_types=1);

namespace Lectern\Errors;

/** 5xx: internal_error, service_unavailable, or a proxy's error page. */
class ServerError extends ApiError
{
}
