<?php

declare(strict_types=1);

use Lectern\Client;
use Lectern\Errors\ConfigurationError;
use Lectern\Http\Response;
use Lectern\Tests\Assert;
use Lectern\Tests\FakeTransport;

/** @var Lectern\Tests\TestRunner $runner */

$withEnv = function (array $vars, callable $body): mixed {
    $saved = [];
    foreach ($vars as $name => $value) {
        $saved[$name] = getenv($name);
        putenv($value === null ? $name : "{$name}={$value}");
    }
    try {
        return $body();
    } finally {
        foreach ($saved as $name => $value) {
            putenv($value === false ? $name : "{$name}={$value}");
        }
    }
};

$runner->test('configuration from LECTERN_API_KEY and LECTERN_BASE_URL', function (Assert $t) use ($withEnv): void {
    $transport = new FakeTransport([FakeTransport::json(200, ['data' => ['id' => 'crs_1']])]);
    $client = $withEnv(
        ['LECTERN_API_KEY' => 'lct_prod_fromenv', 'LECTERN_BASE_URL' => 'https://env.test/api/v1/'],
        fn () => new Client(transport: $transport),
    );
    $client->courses->get('crs_1');
    $t->same('https://env.test/api/v1/courses/crs_1', $transport->requests[0]->url);
    $t->same('Bearer lct_prod_fromenv', $transport->requests[0]->header('Authorization'));
});

$runner->test('arguments win over the environment', function (Assert $t) use ($withEnv): void {
    $transport = new FakeTransport([FakeTransport::json(200, ['data' => []])]);
    $client = $withEnv(
        ['LECTERN_API_KEY' => 'lct_prod_fromenv', 'LECTERN_BASE_URL' => 'https://env.test/api/v1'],
        fn () => new Client('lct_prod_arg', 'https://arg.test/api/v1', transport: $transport),
    );
    $client->rateLimits->get();
    $t->same('https://arg.test/api/v1/rate-limits', $transport->requests[0]->url);
    $t->same('Bearer lct_prod_arg', $transport->requests[0]->header('Authorization'));
});

$runner->test('a clear configuration error when the key or the base URL is missing', function (Assert $t) use ($withEnv): void {
    $withEnv(['LECTERN_API_KEY' => null, 'LECTERN_BASE_URL' => null], function () use ($t): void {
        $error = $t->throws(ConfigurationError::class, fn () => new Client(null, 'https://x.test/api/v1'));
        $t->true(str_contains($error->getMessage(), 'LECTERN_API_KEY'), $error->getMessage());
        $error = $t->throws(ConfigurationError::class, fn () => new Client('k'));
        $t->true(str_contains($error->getMessage(), 'LECTERN_BASE_URL'), $error->getMessage());
        $t->throws(ConfigurationError::class, fn () => new Client('k', 'ftp://x'));
        $t->throws(ConfigurationError::class, fn () => new Client('k', 'https://x.test', maxAttempts: 0));
    });
});

$runner->test('headers: Authorization, User-Agent lectern-php/<version> (PHP <version>), JSON', function (Assert $t): void {
    $transport = new FakeTransport([FakeTransport::json(201, ['data' => ['id' => 'crs_1']])]);
    $client = FakeTransport::client($transport);
    $client->courses->create(['title' => 'Café ✓', 'metadata' => ['a/b' => 'c']]);
    $request = $transport->requests[0];
    $t->same('Bearer lct_prod_testtesttesttesttesttesttesttest', $request->header('authorization'));
    $t->same('lectern-php/1.0.0 (PHP ' . PHP_VERSION . ')', $request->header('User-Agent'));
    $t->same('application/json', $request->header('Content-Type'));
    $t->same('application/json', $request->header('Accept'));
    $t->same('{"title":"Café ✓","metadata":{"a/b":"c"}}', $request->body);
    $t->equals(30, $request->timeout);
});

$runner->test('the version is the API\'s info.version and composer.json\'s', function (Assert $t): void {
    $document = json_decode((string) file_get_contents(dirname(__DIR__, 4) . '/docs/openapi.json'), true);
    $composer = json_decode((string) file_get_contents(dirname(__DIR__, 2) . '/composer.json'), true);
    $t->same($document['info']['version'], Client::VERSION);
    $t->same(Client::VERSION, $composer['version']);
    $t->same('Apache-2.0', $composer['license']);
});

$runner->test('Idempotency-Key: a UUID v4 per POST call, overridable, or off', function (Assert $t): void {
    $transport = new FakeTransport();
    for ($i = 0; $i < 5; $i++) {
        $transport->push(FakeTransport::json(201, ['data' => ['id' => 'crs_1']]));
    }
    $client = FakeTransport::client($transport);
    $client->courses->create(['title' => 'A']);
    $client->courses->create(['title' => 'A']);
    $client->courses->create(['title' => 'A'], ['idempotencyKey' => 'my-key']);
    $client->courses->create(['title' => 'A'], ['idempotencyKey' => false]);
    $client->courses->create(['title' => 'A'], ['headers' => ['idempotency-key' => 'from-headers']]);
    [$first, $second, $mine, $off, $header] = array_map(fn ($r) => $r->header('Idempotency-Key'), $transport->requests);
    $t->true((bool) preg_match('/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/', (string) $first), "UUID v4: {$first}");
    $t->true($first !== $second, 'a new key per call');
    $t->same('my-key', $mine);
    $t->same(null, $off);
    $t->same('from-headers', $header);
});

$runner->test('If-Match and other headers per call; lastResponse() shows ETag', function (Assert $t): void {
    $transport = new FakeTransport([
        FakeTransport::json(200, ['data' => ['id' => 'crs_1']], ['etag' => '"v1"']),
        FakeTransport::json(200, ['data' => ['id' => 'crs_1']], ['etag' => '"v2"']),
    ]);
    $client = FakeTransport::client($transport);
    $client->courses->get('crs_1');
    $etag = $client->lastResponse()?->header('ETag');
    $t->same('"v1"', $etag);
    $client->courses->update('crs_1', ['title' => 'B'], ['headers' => ['If-Match' => $etag]]);
    $t->same('"v1"', $transport->requests[1]->header('if-match'));
    $t->same('"v2"', $client->lastResponse()?->header('etag'));
});

$runner->test('query values: booleans as true/false, dates in UTC with milliseconds, nulls left out', function (Assert $t): void {
    $transport = new FakeTransport([FakeTransport::json(200, ['data' => [], 'pagination' => []])]);
    $client = FakeTransport::client($transport);
    $since = new DateTimeImmutable('2026-11-21 20:05:00.5', new DateTimeZone('+01:00'));
    $client->courses->listPage(['published' => false, 'updated_since' => $since, 'sort' => null, 'per_page' => 100]);
    $t->same(['published' => 'false', 'updated_since' => '2026-11-21T19:05:00.500Z', 'per_page' => '100'], $transport->requests[0]->query());
});

$runner->test('an empty body is sent as {}; an action without a body sends none', function (Assert $t): void {
    $transport = new FakeTransport([FakeTransport::json(200, ['data' => ['id' => 'crs_1']]), FakeTransport::json(200, ['data' => ['id' => 'crs_1']])]);
    $client = FakeTransport::client($transport);
    $client->courses->update('crs_1', []);
    $client->courses->publish('crs_1');
    $t->same('{}', $transport->requests[0]->body);
    $t->same(null, $transport->requests[1]->body);
    $t->same(null, $transport->requests[1]->header('Content-Type'));
});

$runner->test('the rotate actions send no body by default, or {grace_period_seconds}', function (Assert $t): void {
    $answer = FakeTransport::json(200, ['data' => ['id' => 'whe_1', 'secret' => 'whsec_new']]);
    $transport = new FakeTransport([$answer, $answer, $answer, $answer]);
    $client = FakeTransport::client($transport);
    $client->webhooks->rotateSecret('whe_1');
    $t->same('whsec_new', $client->webhooks->rotateSecret('whe_1', ['grace_period_seconds' => 0])['secret']);
    $client->apiKeys->rotate('key_1', ['grace_period_seconds' => 3600], ['idempotencyKey' => 'rotate-1']);
    $client->apiKeys->rotate('key_1', options: ['idempotencyKey' => false]);
    $sent = array_map(fn ($r) => [$r->method, substr($r->url, strlen('https://lectern.test/api/v1')), $r->body, $r->header('Content-Type')], $transport->requests);
    $t->same([
        ['POST', '/webhook-endpoints/whe_1/rotate-secret', null, null],
        ['POST', '/webhook-endpoints/whe_1/rotate-secret', '{"grace_period_seconds":0}', 'application/json'],
        ['POST', '/api-keys/key_1/rotate', '{"grace_period_seconds":3600}', 'application/json'],
        ['POST', '/api-keys/key_1/rotate', null, null],
    ], $sent);
    $t->same('rotate-1', $transport->requests[2]->header('Idempotency-Key'));
    $t->same(null, $transport->requests[3]->header('Idempotency-Key'));
});

$runner->test('a 204 answers null; a success that is not JSON is an ApiError', function (Assert $t): void {
    $transport = new FakeTransport([new Response(204), new Response(200, ['content-type' => 'text/html'], '<html>')]);
    $client = FakeTransport::client($transport);
    $t->same(null, $client->courses->delete('crs_1'));
    $error = $t->throws(Lectern\Errors\ApiError::class, fn () => $client->courses->get('crs_1'));
    $t->same('unexpected_response', $error->code);
});

$runner->test('an unknown request option is refused (a typo would otherwise be ignored)', function (Assert $t): void {
    $client = FakeTransport::client(new FakeTransport());
    $t->throws(InvalidArgumentException::class, fn () => $client->courses->get('crs_1', ['idempotency_key' => 'x']));
});

$runner->test('request() reaches an endpoint by path', function (Assert $t): void {
    $transport = new FakeTransport([FakeTransport::json(200, ['data' => ['ok' => true]])]);
    $client = FakeTransport::client($transport);
    $t->same(['ok' => true], $client->request('GET', '/things/{id}', ['id' => 'a b'], ['q' => 'x y']));
    $t->same('https://lectern.test/api/v1/things/a%20b?q=x%20y', $transport->requests[0]->url);
});

$runner->test('the curl transport reports a refused connection as a ConnectionError', function (Assert $t): void {
    $socket = stream_socket_server('tcp://127.0.0.1:0');
    $port = (int) substr((string) stream_socket_get_name($socket, false), strrpos((string) stream_socket_get_name($socket, false), ':') + 1);
    fclose($socket); // nothing listens there any more
    $sleeps = [];
    $client = new Client('k', "http://127.0.0.1:{$port}/api/v1", maxAttempts: 2, sleep: function (float $s) use (&$sleeps): void {
        $sleeps[] = $s;
    });
    $t->throws(Lectern\Errors\ConnectionError::class, fn () => $client->courses->get('crs_1'));
    $t->equals([1], $sleeps, 'a GET is retried once (2 attempts)');
});
