<?php

declare(strict_types=1);

use Lectern\Errors\ServerError;
use Lectern\Http\Request;
use Lectern\Http\Response;
use Lectern\Tests\Assert;
use Lectern\Tests\FakeTransport;

/** @var Lectern\Tests\TestRunner $runner */

// $client->imports->create, wait and results over a fake transport: what goes on the wire for each
// kind of file, retries of an upload, waiting, and the results' lines. (The curl transport's upload
// is exercised against a real Lectern in integration/LiveTest.php.)

$csv = "external_id,email,name\ns-1,ada@example.com,Ada\ns-2,alan@example.com,Alan\n";
$queued = ['id' => 'imp_1', 'status' => 'queued', 'progress' => ['done' => 0, 'total' => null]];
$running = ['id' => 'imp_1', 'status' => 'running', 'progress' => ['done' => 1, 'total' => 2]];
$done = ['id' => 'imp_1', 'status' => 'succeeded', 'progress' => ['done' => 2, 'total' => 2]];
$folder = sys_get_temp_dir() . '/lectern-php-imports-' . bin2hex(random_bytes(4));
mkdir($folder);
$runner->cleanup(function () use ($folder): void {
    array_map('unlink', glob("{$folder}/*") ?: []);
    rmdir($folder);
});
$file = function (string $name, string $content) use ($folder): string {
    file_put_contents("{$folder}/{$name}", $content);
    return "{$folder}/{$name}";
};

/** What each attempt sent: the request and the body its upload gives (read as the transport would). */
$recorder = function (array &$sent, Response ...$answers): Closure {
    return function (Request $request) use (&$sent, &$answers): Response {
        $body = $request->body;
        if ($request->upload !== null) {
            $stream = $request->upload->open();
            $body = stream_get_contents($stream);
            $request->upload->close($stream);
        }
        $sent[] = [$request, $body];
        return array_shift($answers);
    };
};
$unavailable = fn () => FakeTransport::json(503, ['error' => ['code' => 'service_unavailable', 'message' => 'down']], ['retry-after' => '1']);

$runner->test('imports.create: a CSV path is streamed with its type, length, Idempotency-Key and query', function (Assert $t) use ($csv, $queued, $file, $recorder): void {
    $sent = [];
    $record = $recorder($sent, FakeTransport::json(202, ['data' => $queued]));
    $client = FakeTransport::client(new FakeTransport([$record]));
    $t->same($queued, $client->imports->create($file('students.csv', $csv), ['type' => 'students', 'dry_run' => true, 'mode' => 'create_only']));
    [$request, $body] = $sent[0];
    $t->same('POST', $request->method);
    $t->same('/api/v1/imports', $request->path());
    $t->same(['type' => 'students', 'dry_run' => 'true', 'mode' => 'create_only'], $request->query());
    $t->same('text/csv', $request->header('Content-Type'));
    $t->same(null, $request->body, 'no body in memory: the upload is read by the transport');
    $t->same(strlen($csv), $request->upload?->length);
    $t->true(preg_match('/^[0-9a-f-]{36}$/', (string) $request->header('Idempotency-Key')) === 1, 'an Idempotency-Key');
    $t->same(600.0, $request->timeout, 'an upload may take longer than a call');
    $t->same($csv, $body);
});

$runner->test('imports.create: the content type from the extension, unless contentType says', function (Assert $t) use ($csv, $queued, $file, $recorder): void {
    $sent = [];
    $record = $recorder($sent, ...array_fill(0, 4, FakeTransport::json(202, ['data' => $queued])));
    $client = FakeTransport::client(new FakeTransport(array_fill(0, 4, $record)));
    $client->imports->create($file('roster.zip', 'PK'));
    $client->imports->create($file('roster.ndjson', "{\"type\":\"student\"}\n"));
    $client->imports->create($file('roster.JSONL', "{\"type\":\"student\"}\n"));
    $client->imports->create($file('roster.txt', $csv), ['type' => 'students'], ['contentType' => 'text/csv; charset=utf-8']);
    $t->same(['application/zip', 'application/x-ndjson', 'application/x-ndjson', 'text/csv; charset=utf-8'], array_map(fn ($s) => $s[0]->header('Content-Type'), $sent));
});

$runner->test('imports.create: refused before any request (a CSV without type, an unknown type, a missing file)', function (Assert $t) use ($csv, $file): void {
    $transport = new FakeTransport();
    $client = FakeTransport::client($transport);
    $error = $t->throws(\InvalidArgumentException::class, fn () => $client->imports->create($file('a.csv', $csv)));
    $t->true(str_contains($error->getMessage(), 'needs its type'), $error->getMessage());
    $stream = fopen('php://memory', 'r+b');
    $error = $t->throws(\InvalidArgumentException::class, fn () => $client->imports->create($stream));
    $t->true(str_contains($error->getMessage(), 'contentType'), $error->getMessage());
    $t->throws(\InvalidArgumentException::class, fn () => $client->imports->create('/nonexistent/students.csv', ['type' => 'students']));
    $t->same([], $transport->requests);
});

$runner->test('imports.create: a stream is read from where it stands and stays open', function (Assert $t) use ($csv, $queued, $recorder): void {
    $sent = [];
    $record = $recorder($sent, FakeTransport::json(202, ['data' => $queued]));
    $client = FakeTransport::client(new FakeTransport([$record]));
    $stream = fopen('php://temp', 'w+b');
    fwrite($stream, 'ignored' . $csv);
    fseek($stream, strlen('ignored'));
    $client->imports->create($stream, ['type' => 'enrollments']);
    $t->same([['text/csv', strlen($csv), $csv]], array_map(fn ($s) => [$s[0]->header('Content-Type'), $s[0]->upload?->length, $s[1]], $sent));
    $t->true(is_resource($stream), 'the caller\'s stream stays open');
});

$runner->test('imports.create: a path is read anew for a retry, same key; a pipe is sent once', function (Assert $t) use ($csv, $queued, $file, $recorder, $unavailable): void {
    $sent = [];
    $record = $recorder($sent, $unavailable(), FakeTransport::json(202, ['data' => $queued]));
    $client = FakeTransport::client(new FakeTransport([$record, $record]), $sleeps);
    $client->imports->create($file('retry.csv', $csv), ['type' => 'students'], ['idempotencyKey' => 'nightly-2026-11-29']);
    $t->same([['nightly-2026-11-29', $csv], ['nightly-2026-11-29', $csv]], array_map(fn ($s) => [$s[0]->header('Idempotency-Key'), $s[1]], $sent));
    $t->same([1.0], $sleeps);

    $once = [];
    $record = $recorder($once, $unavailable());
    $client = FakeTransport::client(new FakeTransport([$record]));
    $pipe = popen('printf "external_id,email,name\\n"', 'r');
    $t->throws(ServerError::class, fn () => $client->imports->create($pipe, ['type' => 'students']));
    pclose($pipe);
    $t->same(1, count($once), 'one attempt');
    $t->same(null, $once[0][0]->upload?->length, 'an unknown length: sent chunked');
});

$runner->test('imports.create with wait: reads the import, pausing 0.5 s then doubling, until it is done', function (Assert $t) use ($csv, $queued, $running, $done, $file): void {
    $transport = new FakeTransport([
        FakeTransport::json(202, ['data' => $queued]),
        FakeTransport::json(200, ['data' => $queued]),
        FakeTransport::json(200, ['data' => $running]),
        FakeTransport::json(200, ['data' => $running]),
        FakeTransport::json(200, ['data' => $done]),
    ]);
    $client = FakeTransport::client($transport, $sleeps);
    $t->same($done, $client->imports->create($file('wait.csv', $csv), ['type' => 'students'], ['wait' => true]));
    $t->same(['POST /api/v1/imports', 'GET /api/v1/imports/imp_1', 'GET /api/v1/imports/imp_1', 'GET /api/v1/imports/imp_1', 'GET /api/v1/imports/imp_1'], array_map(fn ($r) => "{$r->method} {$r->path()}", $transport->requests));
    $t->same(null, $transport->requests[1]->header('Idempotency-Key'));
    $t->same([0.5, 1.0, 2.0], $sleeps);
});

$runner->test('imports.wait stops at awaiting_confirmation', function (Assert $t) use ($running): void {
    $awaiting = ['status' => 'awaiting_confirmation'] + $running;
    $transport = new FakeTransport([FakeTransport::json(200, ['data' => $running]), FakeTransport::json(200, ['data' => $awaiting])]);
    $client = FakeTransport::client($transport, $sleeps);
    $t->same($awaiting, $client->imports->wait('imp_1', ['pollInterval' => 0.1, 'maxPollInterval' => 0.1]));
    $t->same([0.1], $sleeps);
});

$runner->test('imports.results: asks NDJSON and yields each line decoded, once iterated', function (Assert $t): void {
    $lines = [
        ['file' => '-', 'line' => 2, 'type' => 'student', 'external_id' => 's-1', 'action' => 'created'],
        ['file' => '-', 'line' => 3, 'type' => 'student', 'external_id' => 's-2', 'action' => 'failed', 'code' => 'validation_error', 'field' => 'email', 'message' => 'not an email'],
    ];
    $body = implode('', array_map(fn ($l) => json_encode($l) . "\n", $lines));
    $transport = new FakeTransport([new Response(200, ['content-type' => 'application/x-ndjson'], $body)]);
    $client = FakeTransport::client($transport);
    $results = $client->imports->results('imp_1', ['status' => 'error']);
    $t->same([], $transport->requests, 'nothing asked before iteration');
    $t->same($lines, iterator_to_array($results));
    $t->same('/api/v1/imports/imp_1/results', $transport->requests[0]->path());
    $t->same(['status' => 'error'], $transport->requests[0]->query());
    $t->same('application/x-ndjson', $transport->requests[0]->header('Accept'));
});
