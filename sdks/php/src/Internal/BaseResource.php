<?php

declare(strict_types=1);

namespace Lectern\Internal;

use Lectern\Client;

/** What every generated resource class (src/Resources) stands on: the client that sends. */
abstract class BaseResource
{
    public function __construct(protected readonly Client $client)
    {
    }
}
