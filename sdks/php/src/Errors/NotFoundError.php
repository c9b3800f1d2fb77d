<?php

declare(strict_types=1);

namespace Lectern\Errors;

/** 404 resource_not_found: the resource does not exist (or is in another workspace). */
class NotFoundError extends ApiError
{
}
