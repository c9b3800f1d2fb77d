<?php

declare(strict_types=1);

namespace Lectern\Errors;

/**
 * No HTTP answer came back: the connection was refused or reset, DNS failed, or the timeout passed.
 * Thrown by transports; the client retries it where retrying is safe (see README, Retries).
 */
class ConnectionError extends LecternError
{
}
