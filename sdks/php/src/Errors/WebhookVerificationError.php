<?php

declare(strict_types=1);

namespace Lectern\Errors;

/** A webhook delivery whose signature, timestamp or headers do not check out: do not trust it. */
class WebhookVerificationError extends LecternError
{
}
