<?php

declare(strict_types=1);

namespace Lectern\Errors;

/** The client was not given what it needs (an API key, a base URL) or was given a bad option. */
class ConfigurationError extends LecternError
{
}
