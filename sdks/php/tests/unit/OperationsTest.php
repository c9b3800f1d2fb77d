<?php

declare(strict_types=1);

use Lectern\Http\Response;
use Lectern\Tests\Assert;
use Lectern\Tests\FakeTransport;
use Lectern\Tests\Vectors;

/** @var Lectern\Tests\TestRunner $runner */

// Every operation of sdks/operations.json exists as $client-><resource>-><method>, with the
// signature the libraries share (path params, then the body, then the query, then request
// options), and sends the right request. A new endpoint fails here until the library has it.

$runner->test('operations.json: the library has every operation, and nothing the document lacks', function (Assert $t): void {
    $client = FakeTransport::client(new FakeTransport());
    $expected = [];
    foreach (Vectors::operations() as $operation) {
        $resource = $operation['resource'];
        $t->true(property_exists($client, $resource), "\$client->{$resource} exists");
        $t->true(method_exists($client->{$resource}, $operation['method']), "\$client->{$resource}->{$operation['method']}() exists");
        $expected[$resource][] = $operation['method'];
        if ($operation['cursor_list']) {
            $expected[$resource][] = $operation['method'] . 'Page';
        }
    }
    foreach ($expected as $resource => $methods) {
        $class = new ReflectionClass($client->{$resource});
        $public = array_map(fn ($m) => $m->getName(), array_filter(
            $class->getMethods(ReflectionMethod::IS_PUBLIC),
            fn ($m) => $m->getDeclaringClass()->getName() === $class->getName() && !$m->isConstructor(),
        ));
        $handWritten = ['webhooks' => ['verify'], 'imports' => ['wait']];
        $extra = array_diff($public, $methods, $handWritten[$resource] ?? []);
        $t->same([], array_values($extra), "\$client->{$resource} has no method beyond operations.json");
    }
});

foreach (Vectors::operations() as $operation) {
    if ($operation['hand_written']) {
        continue; // a file upload, lines of results: other arguments, sent by ImportsTest.php
    }
    $name = "{$operation['resource']}.{$operation['method']}";
    $runner->test("operations.json: {$name} sends {$operation['http_method']} {$operation['path']}", function (Assert $t) use ($operation): void {
        $method = new ReflectionMethod("Lectern\\Resources\\" . ucfirst($operation['resource']), $operation['method']);
        $expectedParams = array_map(fn ($p) => lcfirst(str_replace(' ', '', ucwords(str_replace('_', ' ', $p)))), $operation['path_params']);
        if ($operation['has_body']) {
            $expectedParams[] = 'body';
        }
        if ($operation['query_params'] !== []) {
            $expectedParams[] = 'params';
        }
        $expectedParams[] = 'options';
        $t->same($expectedParams, array_map(fn ($p) => $p->getName(), $method->getParameters()), 'parameters');

        $data = ['id' => 'x_1', 'title' => 'T'];
        $transport = new FakeTransport();
        $transport->push(function ($request) use ($operation, $data): Response {
            if ($operation['operation_id'] === 'downloadExport') {
                return new Response(200, ['content-type' => 'application/zip'], "PK\x03\x04bytes");
            }
            $body = $operation['cursor_list']
                ? ['data' => [$data], 'pagination' => ['per_page' => 20, 'next_cursor' => null, 'has_more' => false]]
                : ['data' => $data];
            return FakeTransport::json(200, $body, ['x-request-id' => 'req_1']);
        });
        $client = FakeTransport::client($transport);

        $args = [];
        $path = $operation['path'];
        foreach ($operation['path_params'] as $i => $param) {
            $args[] = "id {$i}/é";
            $path = str_replace('{' . $param . '}', rawurlencode("id {$i}/é"), $path);
        }
        $body = ['title' => 'Sent'];
        if ($operation['has_body']) {
            $args[] = $body;
        }
        $query = [];
        if ($operation['query_params'] !== []) {
            $name = array_values(array_diff($operation['query_params'], ['page', 'cursor']))[0] ?? $operation['query_params'][0];
            $query = [$name => 'v'];
            $args[] = $query;
        }
        $args[] = ['headers' => ['X-Test' => 'yes']];

        $result = $client->{$operation['resource']}->{$operation['method']}(...$args);
        if ($result instanceof Generator) {
            $result = iterator_to_array($result);
            $t->same([$data], $result, 'a lazy list yields the items');
            $query = ['cursor' => ''] + $query;
        } elseif ($operation['operation_id'] === 'downloadExport') {
            $t->same("PK\x03\x04bytes", $result, 'a download answers the raw bytes');
        } elseif (str_starts_with($operation['method'], 'bulk') || in_array('page', $operation['query_params'], true)) {
            $t->same(['data' => $data], $result, 'lists (search) and bulk calls answer the whole envelope');
        } else {
            $t->same($data, $result, 'a single resource answers the data object');
        }
        $request = $transport->requests[0];
        $t->same($operation['http_method'], $request->method, 'HTTP method');
        $t->same('/api/v1' . $path, $request->path(), 'path');
        $t->same(array_map('strval', $query), $request->query(), 'query');
        $t->same($operation['has_body'] ? json_encode($body) : null, $request->body, 'body');
        $t->same('yes', $request->header('X-Test'), 'extra headers');
        $t->same($operation['http_method'] === 'POST', $request->header('Idempotency-Key') !== null, 'Idempotency-Key on every POST only');

        if ($operation['cursor_list']) {
            $transport->push(FakeTransport::json(200, ['data' => [$data], 'pagination' => ['page' => 1]]));
            $envelope = $client->{$operation['resource']}->{$operation['method'] . 'Page'}(...$args);
            $t->same(['data' => [$data], 'pagination' => ['page' => 1]], $envelope, 'the Page variant answers the envelope');
        }
    });
}

$runner->test('bulk answers (201 and 207) are returned whole', function (Assert $t): void {
    $answer = ['data' => [['index' => 0, 'status' => 'created', 'data' => ['id' => 'stu_1']], ['index' => 1, 'status' => 'error', 'error' => ['code' => 'student_exists', 'message' => 'm', 'details' => []]]]];
    $transport = new FakeTransport([FakeTransport::json(207, $answer)]);
    $client = FakeTransport::client($transport);
    $t->same($answer, $client->students->bulkCreate(['records' => [['email' => 'a@x.test', 'name' => 'A'], ['email' => 'a@x.test', 'name' => 'B']]]));
});

$runner->test('generate.php --check: src/Resources is up to date with docs/openapi.json', function (Assert $t): void {
    exec(escapeshellarg(PHP_BINARY) . ' ' . escapeshellarg(dirname(__DIR__, 2) . '/generate.php') . ' --check 2>&1', $output, $status);
    $t->same(0, $status, implode("\n", $output));
});
