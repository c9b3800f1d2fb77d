<?php

declare(strict_types=1);

namespace Lectern\Http;

use Lectern\Errors\ConnectionError;

/**
 * Sends one HTTP request and returns its answer, whatever the status. The client owns retries,
 * errors and JSON; a transport only moves bytes. CurlTransport is the default; tests inject a fake.
 */
interface Transport
{
    /**
     * @throws ConnectionError when no HTTP answer came back (refused, reset, DNS, timeout)
     */
    public function send(Request $request): Response;
}
