<?php

declare(strict_types=1);

use Lectern\Errors;
use Lectern\Http\Response;
use Lectern\Tests\Assert;
use Lectern\Tests\FakeTransport;
use Lectern\Tests\Vectors;

/** @var Lectern\Tests\TestRunner $runner */

$classes = [
    'not_found' => Errors\NotFoundError::class,
    'validation' => Errors\ValidationError::class,
    'authentication' => Errors\AuthenticationError::class,
    'permission' => Errors\PermissionDeniedError::class,
    'conflict' => Errors\ConflictError::class,
    'rate_limit' => Errors\RateLimitError::class,
    'server' => Errors\ServerError::class,
    'api' => Errors\ApiError::class,
];

foreach (Vectors::load('errors')['cases'] as $case) {
    $runner->test("errors.json: {$case['name']}", function (Assert $t) use ($case, $classes): void {
        $body = array_key_exists('body', $case) ? json_encode($case['body'], JSON_THROW_ON_ERROR) : $case['body_text'];
        $transport = new FakeTransport([new Response($case['status'], $case['headers'], $body)]);
        // One attempt: a 429 or a 503 is raised as it is, not retried.
        $client = FakeTransport::client($transport, $sleeps, maxAttempts: 1);
        $expect = $case['expect'];
        /** @var Errors\ApiError $error */
        $error = $t->throws(Errors\ApiError::class, fn () => $client->courses->get('crs_1'));
        $t->same($classes[$expect['kind']], get_class($error), 'class');
        $t->true($error instanceof Errors\LecternError, 'a LecternError');
        $t->same($expect['status'], $error->status, 'status');
        $t->same($expect['status'], $error->getStatus(), 'getStatus()');
        $t->same($expect['code'], $error->code, 'code');
        $t->same($expect['code'], $error->getCode(), 'getCode()');
        $t->same($expect['code'], $error->getErrorCode(), 'getErrorCode()');
        $t->same($expect['message'], $error->getMessage(), 'message');
        $t->equals($expect['details'], $error->details, 'details');
        $t->same($expect['request_id'], $error->requestId, 'request_id');
        $t->same($expect['request_id'], $error->getRequestId(), 'getRequestId()');
        $t->same($expect['retry_after'], $error->retryAfter, 'retry_after');
        $t->same($case['status'], $error->response?->status, 'the response is kept');
    });
}
