<?php

declare(strict_types=1);

namespace Lectern\Errors;

/** 409 (already_enrolled, student_exists, …) and 412 precondition_failed (If-Match no longer matches). */
class ConflictError extends ApiError
{
}
