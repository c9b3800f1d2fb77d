<?php

declare(strict_types=1);

use Lectern\Tests\Assert;
use Lectern\Tests\FakeTransport;
use Lectern\Tests\Vectors;

/** @var Lectern\Tests\TestRunner $runner */

$vectors = Vectors::load('pagination');

$scripted = function () use ($vectors): FakeTransport {
    $transport = new FakeTransport();
    foreach ($vectors['exchanges'] as $exchange) {
        $transport->push(FakeTransport::json(200, $exchange['response']));
    }
    return $transport;
};

$runner->test('pagination.json: every item, each page asked as described', function (Assert $t) use ($vectors, $scripted): void {
    $transport = $scripted();
    $client = FakeTransport::client($transport);
    $ids = [];
    foreach ($client->students->list($vectors['caller_query']) as $student) {
        $ids[] = $student['id'];
    }
    $t->same($vectors['expect_ids'], $ids, 'ids in order');
    $t->same(count($vectors['exchanges']), count($transport->requests), 'one request per page');
    foreach ($vectors['exchanges'] as $i => $exchange) {
        $request = $transport->requests[$i];
        $t->same('GET', $request->method, "request {$i}: method");
        $t->same('/api/v1' . $vectors['path'], $request->path(), "request {$i}: path");
        $query = $request->query();
        ksort($query);
        $expected = $exchange['query'];
        ksort($expected);
        $t->same($expected, $query, "request {$i}: query");
    }
});

$runner->test('pagination.json: lazy (a page is asked for only when the previous one is consumed)', function (Assert $t) use ($vectors, $scripted): void {
    $transport = $scripted();
    $client = FakeTransport::client($transport);
    $iterator = $client->students->list($vectors['caller_query']);
    $t->same(0, count($transport->requests), 'nothing is asked before iterating');
    $consumed = 0;
    foreach ($iterator as $student) {
        if (++$consumed === $vectors['lazy']['consume']) {
            break;
        }
    }
    $t->same($vectors['lazy']['expect_requests'], count($transport->requests), 'requests after consuming ' . $consumed);
});

$runner->test('iterator_to_array keeps every item (keys run on across pages)', function (Assert $t) use ($vectors, $scripted): void {
    $client = FakeTransport::client($scripted());
    $items = iterator_to_array($client->students->list($vectors['caller_query']));
    $t->same($vectors['expect_ids'], array_column($items, 'id'));
});

$runner->test('listPage answers one envelope as asked (page mode)', function (Assert $t): void {
    $envelope = ['data' => [['id' => 'stu_1']], 'pagination' => ['page' => 2, 'per_page' => 1, 'total' => 3, 'total_pages' => 3, 'next_cursor' => 'c']];
    $transport = new FakeTransport([FakeTransport::json(200, $envelope)]);
    $client = FakeTransport::client($transport);
    $t->same($envelope, $client->students->listPage(['page' => 2, 'per_page' => 1]));
    $t->same(['page' => '2', 'per_page' => '1'], $transport->requests[0]->query());
});

$runner->test('a list starts at the caller\'s cursor and drops page', function (Assert $t): void {
    $transport = new FakeTransport([FakeTransport::json(200, ['data' => [], 'pagination' => ['per_page' => 20, 'next_cursor' => null, 'has_more' => false]])]);
    $client = FakeTransport::client($transport);
    $t->same([], iterator_to_array($client->courses->list(['cursor' => 'abc', 'page' => 3, 'published' => true])));
    $t->same(['cursor' => 'abc', 'published' => 'true'], $transport->requests[0]->query());
});
