<?php

declare(strict_types=1);

use Lectern\Errors\ApiError;
use Lectern\Errors\ConnectionError;
use Lectern\Http\Response;
use Lectern\Tests\Assert;
use Lectern\Tests\FakeTransport;
use Lectern\Tests\Vectors;

/** @var Lectern\Tests\TestRunner $runner */

$vectors = Vectors::load('retries');

$runner->test('the client\'s defaults are the vectors\' defaults', function (Assert $t) use ($vectors): void {
    $client = new Lectern\Client('k', 'https://lectern.test/api/v1');
    $t->same($vectors['defaults']['max_attempts'], $client->maxAttempts);
    $t->equals($vectors['defaults']['max_retry_after'], $client->maxRetryAfter);
    $t->equals(30, $client->timeout);
});

foreach ($vectors['cases'] as $case) {
    $runner->test("retries.json: {$case['name']}", function (Assert $t) use ($case, $vectors): void {
        $transport = new FakeTransport();
        foreach ($case['answers'] as $answer) {
            $transport->push($answer === 'network_error'
                ? new ConnectionError('connection reset (scripted)')
                : new Response($answer['status'], $answer['headers'] ?? [], $answer['status'] < 300 ? '{"data":{"id":"x"}}' : ''));
        }
        $client = FakeTransport::client($transport, $sleeps, $case['max_attempts'] ?? $vectors['defaults']['max_attempts']);
        $options = ($case['has_idempotency_key'] ?? true) ? [] : ['idempotencyKey' => false];
        $body = $case['method'] === 'GET' || $case['method'] === 'DELETE' ? null : ['title' => 'T'];

        $outcome = null;
        try {
            $client->send($case['method'], '/courses', [], [], $body, $options);
            $outcome = ['ok' => $client->lastResponse()?->status];
        } catch (ConnectionError) {
            $outcome = ['error' => 'network_error'];
        } catch (ApiError $error) {
            $outcome = ['error' => $error->status];
        }

        $t->same($case['expect']['outcome'], $outcome, 'outcome');
        $t->same($case['expect']['attempts'], count($transport->requests), 'attempts');
        $t->equals($case['expect']['sleeps'], $sleeps, 'sleeps');
        $keys = array_map(fn ($request) => $request->header('Idempotency-Key'), $transport->requests);
        if ($case['method'] === 'POST' && ($case['has_idempotency_key'] ?? true)) {
            $t->true($keys[0] !== null, 'a POST carries an Idempotency-Key');
            $t->same(1, count(array_unique($keys)), 'the same Idempotency-Key on every attempt');
        } else {
            $t->same([null], array_values(array_unique($keys)), 'no Idempotency-Key');
        }
    });
}

$runner->test('a Retry-After above a smaller maxRetryAfter is raised at once, with retryAfter', function (Assert $t): void {
    $transport = new FakeTransport([FakeTransport::json(429, ['error' => ['code' => 'rate_limit_exceeded', 'message' => 'retry in 20 seconds', 'retry_after' => 20, 'request_id' => 'req_1']], ['retry-after' => '20'])]);
    $sleeps = [];
    $client = new Lectern\Client('k', 'https://lectern.test/api/v1', maxRetryAfter: 10, transport: $transport, sleep: function (float $s) use (&$sleeps): void {
        $sleeps[] = $s;
    });
    $error = $t->throws(Lectern\Errors\RateLimitError::class, fn () => $client->courses->get('crs_1'));
    $t->same(20, $error->retryAfter);
    $t->same([], $sleeps);
});

$runner->test('maxAttempts per call overrides the client\'s', function (Assert $t): void {
    $transport = new FakeTransport([new Response(503), new Response(503)]);
    $client = FakeTransport::client($transport, $sleeps, 5);
    $t->throws(Lectern\Errors\ServerError::class, fn () => $client->courses->get('crs_1', ['maxAttempts' => 2]));
    $t->same(2, count($transport->requests));
});

$runner->test('PATCH is not retried after a 503 (only GET, PUT, DELETE and keyed POSTs are)', function (Assert $t): void {
    $transport = new FakeTransport([new Response(503)]);
    $client = FakeTransport::client($transport, $sleeps);
    $t->throws(Lectern\Errors\ServerError::class, fn () => $client->courses->patch('crs_1', ['title' => 'x']));
    $t->same(1, count($transport->requests));
});
