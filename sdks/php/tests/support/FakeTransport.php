<?php

declare(strict_types=1);

namespace Lectern\Tests;

use Lectern\Client;
use Lectern\Errors\ConnectionError;
use Lectern\Http\Request;
use Lectern\Http\Response;
use Lectern\Http\Transport;

/** A transport that answers from a script and records every request. */
final class FakeTransport implements Transport
{
    /** @var list<Request> */
    public array $requests = [];

    /** @var list<Response|ConnectionError|\Closure(Request): Response> */
    private array $answers;

    /** @param list<Response|ConnectionError|\Closure(Request): Response> $answers */
    public function __construct(array $answers = [])
    {
        $this->answers = $answers;
    }

    /** @param Response|ConnectionError|\Closure(Request): Response $answer */
    public function push(Response|ConnectionError|\Closure $answer): void
    {
        $this->answers[] = $answer;
    }

    public function send(Request $request): Response
    {
        $this->requests[] = $request;
        $answer = array_shift($this->answers);
        if ($answer === null) {
            throw new \LogicException("FakeTransport: no answer left for {$request->method} {$request->url}");
        }
        if ($answer instanceof ConnectionError) {
            throw $answer;
        }
        return $answer instanceof \Closure ? $answer($request) : $answer;
    }

    /** @param array<mixed> $body */
    public static function json(int $status, array $body, array $headers = []): Response
    {
        return new Response($status, $headers + ['content-type' => 'application/json'], json_encode($body, JSON_THROW_ON_ERROR));
    }

    /**
     * A client over a fake transport whose sleeps are recorded, not slept.
     *
     * @param list<float> $sleeps filled with each wait
     */
    public static function client(self $transport, ?array &$sleeps = null, int $maxAttempts = 3): Client
    {
        $sleeps = [];
        return new Client(
            apiKey: 'lct_prod_testtesttesttesttesttesttesttest',
            baseUrl: 'https://lectern.test/api/v1',
            maxAttempts: $maxAttempts,
            transport: $transport,
            sleep: static function (float $seconds) use (&$sleeps): void {
                $sleeps[] = $seconds;
            },
        );
    }
}
