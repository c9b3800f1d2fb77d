<?php

declare(strict_types=1);

namespace Lectern\Errors;

/**
 * Base of every exception the library throws: catch this to catch them all.
 */
class LecternError extends \RuntimeException
{
}
