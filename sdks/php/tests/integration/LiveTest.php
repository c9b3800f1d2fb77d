<?php

declare(strict_types=1);

use Lectern\Errors\NotFoundError;
use Lectern\Errors\ValidationError;
use Lectern\Errors\WebhookVerificationError;
use Lectern\Tests\Assert;
use Lectern\Tests\Lectern;
use Lectern\Tests\WebhookReceiver;

/** @var Lectern\Tests\TestRunner $runner */

// Against a real Lectern: the harness starts one (SQLite in a temporary folder) on first use.
$runner->cleanup(fn () => Lectern::stop());
$run = bin2hex(random_bytes(4)); // tells this run's records apart

$runner->test('courses: create, get, update with If-Match, list, publish, delete; a 404 is a typed error', function (Assert $t) use ($run): void {
    $client = Lectern::client();
    $course = $client->courses->create(['title' => "Intro to Statistics {$run}", 'description' => 'Descriptive statistics', 'metadata' => ['level' => 'beginner']]);
    $t->true(str_starts_with($course['id'], 'crs_'), 'a course id');
    $t->same(201, $client->lastResponse()?->status);
    $t->same(['level' => 'beginner'], $course['metadata']);

    $read = $client->courses->get($course['id']);
    $t->same($course, $read, 'read back as created');
    $etag = $client->lastResponse()?->header('etag');
    $t->true($etag !== null, 'an ETag');

    $updated = $client->courses->update($course['id'], ['title' => "Statistics I {$run}"], ['headers' => ['If-Match' => (string) $etag]]);
    $t->same("Statistics I {$run}", $updated['title']);
    $stale = $t->throws(\Lectern\Errors\ConflictError::class, fn () => $client->courses->update($course['id'], ['title' => 'x'], ['headers' => ['If-Match' => (string) $etag]]));
    $t->same('precondition_failed', $stale->code);
    $t->same(412, $stale->status);

    $ids = [];
    foreach ($client->courses->list(['per_page' => 100]) as $item) {
        $ids[] = $item['id'];
    }
    $t->true(in_array($course['id'], $ids, true), 'listed');
    $t->same(true, $client->courses->publish($course['id'])['published']);

    $t->same(['id' => $course['id'], 'deleted' => true], $client->courses->delete($course['id']));
    /** @var NotFoundError $missing */
    $missing = $t->throws(NotFoundError::class, fn () => $client->courses->get($course['id']));
    $t->same(404, $missing->status);
    $t->same('resource_not_found', $missing->code);
    $t->true(str_starts_with((string) $missing->requestId, 'req_'), 'a request id: ' . $missing->requestId);
    $t->same($missing->response?->header('x-request-id'), $missing->requestId, 'the X-Request-Id of the answer');
    $t->true(str_contains($missing->getMessage(), $course['id']), 'the message names the course');
});

$runner->test('a module and a quiz lesson: create, get, update, list, grade an attempt, delete', function (Assert $t) use ($run): void {
    $client = Lectern::client();
    $course = $client->courses->create(['title' => "Quizzes {$run}"]);
    $module = $client->modules->create($course['id'], ['title' => 'Week 1', 'description' => 'Basics']);
    $t->same(0, $module['position']);
    $t->same($course['id'], $module['course_id']);
    $t->same('Week 1: basics', $client->modules->update($module['id'], ['title' => 'Week 1: basics'])['title']);
    $t->same('Week 1: basics', $client->modules->get($module['id'])['title']);
    $t->same([$module['id']], array_column(iterator_to_array($client->modules->list($course['id'])), 'id'));

    $lesson = $client->lessons->create($module['id'], [
        'title' => 'Check yourself',
        'type' => 'quiz',
        'content' => 'Answer both.',
        'quiz' => [
            'passing_score' => 50,
            'questions' => [
                ['prompt' => 'The mean of 1, 2 and 6?', 'kind' => 'single_choice', 'choices' => ['2', '3', '4'], 'answer' => 1],
                ['prompt' => 'The median is robust to outliers.', 'kind' => 'true_false', 'answer' => true],
            ],
        ],
    ]);
    $t->same('quiz', $lesson['type']);
    $t->same(2, count($lesson['quiz']['questions']));
    foreach ($lesson['quiz']['questions'] as $question) {
        $t->true(str_starts_with($question['id'], 'qst_'), 'question ids are assigned');
    }
    $t->same($lesson, $client->lessons->get($lesson['id']));
    $t->same('Check yourself!', $client->lessons->patch($lesson['id'], ['title' => 'Check yourself!'])['title']);
    $t->same([$lesson['id']], array_column(iterator_to_array($client->lessons->list($module['id'])), 'id'));

    $client->courses->publish($course['id']);
    $student = $client->students->create(['email' => "quiz-{$run}@example.com", 'name' => 'Ada']);
    $client->enrollments->create(['student_id' => $student['id'], 'course_id' => $course['id']]);
    [$first, $second] = $lesson['quiz']['questions'];
    $attempt = $client->progress->submitQuizAttempt($lesson['id'], ['student_id' => $student['id'], 'answers' => [
        ['question_id' => $first['id'], 'answer' => 1],
        ['question_id' => $second['id'], 'answer' => false],
    ]]);
    $t->same(50, $attempt['score']);
    $t->same(true, $attempt['passed']);

    $t->same(['id' => $lesson['id'], 'deleted' => true], $client->lessons->delete($lesson['id']));
    $t->same(['id' => $module['id'], 'deleted' => true], $client->modules->delete($module['id']));
    $t->throws(NotFoundError::class, fn () => $client->lessons->get($lesson['id']));
    $client->students->delete($student['id']);
});

$runner->test('250 students in bulk (100 + 100 + 50), read back by auto-pagination: 250, no duplicates', function (Assert $t) use ($run): void {
    $client = Lectern::client();
    $records = [];
    for ($i = 1; $i <= 250; $i++) {
        $records[] = ['email' => sprintf('student%03d-%s@bulk.example.com', $i, $run), 'name' => "Student {$i}", 'external_id' => "bulk-{$run}-{$i}"];
    }
    // POST /students/bulk takes at most 100 records a request (interface §8), so 250 students take
    // three calls: 100 + 100 + 50.
    $created = 0;
    foreach (array_chunk($records, 100) as $chunk) {
        $answer = $client->students->bulkCreate(['records' => $chunk]);
        $t->same(201, $client->lastResponse()?->status, 'every record created');
        $t->same(count($chunk), count($answer['data']));
        foreach ($answer['data'] as $i => $result) {
            $t->same(['index' => $i, 'status' => 'created'], ['index' => $result['index'], 'status' => $result['status']]);
        }
        $created += count($answer['data']);
    }
    $t->same(250, $created);

    $ids = [];
    foreach ($client->students->list(['per_page' => 100]) as $student) {
        if (str_ends_with($student['email'], "-{$run}@bulk.example.com")) {
            $ids[] = $student['id'];
        }
    }
    $t->same(250, count($ids), 'every bulk student, once');
    $t->same(250, count(array_unique($ids)), 'no duplicate ids');

    $page = $client->students->listPage(['per_page' => 100, 'cursor' => '']);
    $t->same(100, count($page['data']));
    $t->same(true, $page['pagination']['has_more']);
});

$runner->test('an idempotent replay: the same Idempotency-Key twice answers the same course', function (Assert $t) use ($run): void {
    $client = Lectern::client();
    $key = "php-sdk-{$run}-replay";
    $first = $client->courses->create(['title' => "Replay {$run}"], ['idempotencyKey' => $key]);
    $t->same(null, $client->lastResponse()?->header('idempotent-replayed'));
    $second = $client->courses->create(['title' => "Replay {$run}"], ['idempotencyKey' => $key]);
    $t->same($first['id'], $second['id'], 'the same resource');
    $t->same('true', $client->lastResponse()?->header('Idempotent-Replayed'));

    // The same key with another body: 422 idempotency_key_reused, a typed error with its request id.
    /** @var ValidationError $error */
    $error = $t->throws(ValidationError::class, fn () => $client->courses->create(['title' => "Another {$run}"], ['idempotencyKey' => $key]));
    $t->same(422, $error->status);
    $t->same('idempotency_key_reused', $error->code);
    $t->true(str_starts_with((string) $error->requestId, 'req_'), 'a request id: ' . $error->requestId);
});

$runner->test('a 400 validation_error carries its details', function (Assert $t): void {
    $client = Lectern::client();
    /** @var ValidationError $error */
    $error = $t->throws(ValidationError::class, fn () => $client->courses->create(['title' => '']));
    $t->same('validation_error', $error->code);
    $t->same('/title', $error->details['errors'][0]['path'] ?? null);
});

$runner->test('a live delivery to a local receiver verifies with the endpoint\'s secret', function (Assert $t) use ($run): void {
    $client = Lectern::client();
    $receiver = new WebhookReceiver();
    try {
        $endpoint = $client->webhooks->createEndpoint(['url' => $receiver->url, 'events' => ['course.created'], 'description' => "PHP SDK {$run}"]);
        $t->true(str_starts_with($endpoint['secret'], 'whsec_'), 'the secret is shown at creation');
        $course = $client->courses->create(['title' => "Webhook {$run}"]);

        $delivery = $receiver->waitFor(function (array $received) use ($course): bool {
            $event = json_decode($received['body'], true);
            return ($event['data']['object']['id'] ?? null) === $course['id'];
        });
        $t->true($delivery !== null, 'the course.created delivery arrived');
        $event = $client->webhooks->verify($delivery['body'], $delivery['headers'], $endpoint['secret']);
        $t->same('course.created', $event['type']);
        $t->same($course['id'], $event['data']['object']['id']);
        $t->true(str_starts_with($event['id'], 'evt_'), 'an event id');
        $headers = array_change_key_case($delivery['headers'], CASE_LOWER);
        $t->same($headers['webhook-id'], $event['id'], 'webhook-id is the event id');
        $t->same($event, \Lectern\Webhook::verify($delivery['body'], $delivery['headers'], $endpoint['secret']), 'the static helper agrees');
        $t->same($event['id'], $client->events->get($event['id'])['id'], 'the event is readable');

        $t->throws(WebhookVerificationError::class, fn () => $client->webhooks->verify(str_replace($course['id'], 'crs_tampered', $delivery['body']), $delivery['headers'], $endpoint['secret']));
        $t->throws(WebhookVerificationError::class, fn () => $client->webhooks->verify($delivery['body'], $delivery['headers'], 'whsec_' . base64_encode(random_bytes(32))));

        $client->webhooks->deleteEndpoint($endpoint['id']);
    } finally {
        $receiver->stop();
    }
});

$runner->test('an export: created (202), polled until it succeeds, downloaded as raw bytes', function (Assert $t) use ($run): void {
    $client = Lectern::client();
    $course = $client->courses->create(['title' => "Export {$run}"]);
    $export = $client->exports->create($course['id'], ['format' => 'json']);
    $t->same(202, $client->lastResponse()?->status);
    $deadline = microtime(true) + 30;
    while ($export['status'] !== 'succeeded' && $export['status'] !== 'failed' && microtime(true) < $deadline) {
        usleep(200_000);
        $export = $client->exports->get($export['id']);
    }
    $t->same('succeeded', $export['status']);
    $bytes = $client->exports->download($export['id']);
    $t->true(is_string($bytes), 'raw bytes');
    $document = json_decode($bytes, true);
    $t->same("Export {$run}", $document['course']['title'] ?? null);
});

$runner->test('a forced 429 (burst of 3) is retried after Retry-After and succeeds', function (Assert $t): void {
    $sleeps = [];
    $client = Lectern::client([
        'apiKey' => Lectern::info()['limited_key'],
        'sleep' => function (float $seconds) use (&$sleeps): void {
            $sleeps[] = $seconds;
            usleep((int) ($seconds * 1_000_000));
        },
    ]);
    // The burst is 3 a minute: the 4th quick call meets a 429 with Retry-After (about 20 s), waits,
    // and succeeds. (Up to 6 calls, in case a slow machine let a token refill in between.)
    for ($call = 1; $call <= 6 && $sleeps === []; $call++) {
        $started = microtime(true);
        $page = $client->courses->listPage(['per_page' => 1]);
        $t->same(200, $client->lastResponse()?->status, "call {$call} succeeds");
        $t->true(isset($page['data']), "call {$call} answers the page");
    }
    $t->true($call > 4, 'the burst of 3 passed without waiting');
    $t->same(1, count($sleeps), 'one wait: ' . json_encode($sleeps));
    $t->true($sleeps[0] >= 1 && $sleeps[0] <= 60, 'the wait is the Retry-After: ' . $sleeps[0]);
    $t->true(microtime(true) - $started >= $sleeps[0], 'and it was waited');
});

/**
 * A zip of stored (uncompressed) members, enough for an import's students.csv and enrollments.csv
 * (no zip extension needed).
 *
 * @param array<string, string> $members
 */
$storedZip = function (array $members): string {
    $locals = '';
    $central = '';
    foreach ($members as $name => $data) {
        $crc = crc32($data);
        $size = strlen($data);
        $offset = strlen($locals);
        $locals .= pack('VvvvvvVVVvv', 0x04034b50, 20, 0, 0, 0, 0, $crc, $size, $size, strlen($name), 0) . $name . $data;
        $central .= pack('VvvvvvvVVVvvvvvVV', 0x02014b50, 20, 20, 0, 0, 0, 0, $crc, $size, $size, strlen($name), 0, 0, 0, 0, 0, $offset) . $name;
    }
    return $locals . $central . pack('VvvvvVVv', 0x06054b50, 0, 0, count($members), count($members), strlen($central), strlen($locals), 0);
};

$runner->test('imports: a CSV from its path through curl, waited for, then its failed row at its line', function (Assert $t) use ($run): void {
    $client = Lectern::client();
    $path = tempnam(sys_get_temp_dir(), 'lectern-php-import-') . '.csv';
    file_put_contents($path, "external_id,email,name\nphp-{$run}-1,php-{$run}-1@example.com,Ada\nphp-{$run}-2,not-an-email,Alan\nphp-{$run}-3,php-{$run}-3@example.com,Grace\n");
    try {
        $report = $client->imports->create($path, ['type' => 'students'], ['wait' => true, 'pollInterval' => 0.1]);
    } finally {
        unlink($path);
    }
    $t->same('succeeded_with_errors', $report['status'], json_encode($report));
    $t->same([2, 1], [$report['counts']['created'], $report['counts']['failed']]);
    $t->same(['done' => 3, 'total' => 3], $report['progress']);
    $failures = iterator_to_array($client->imports->results($report['id'], ['status' => 'error']), false);
    $t->same([[3, "php-{$run}-2", 'failed', 'email']], array_map(fn ($r) => [$r['line'], $r['external_id'], $r['action'], $r['field'] ?? null], $failures));
    $all = iterator_to_array($client->imports->results($report['id']), false);
    $t->same([[2, 'created'], [3, 'failed'], [4, 'created']], array_map(fn ($r) => [$r['line'], $r['action']], $all));
});

$runner->test('imports: a zip of students and their enrollments from a stream, in one import', function (Assert $t) use ($run, $storedZip): void {
    $client = Lectern::client();
    $course = $client->courses->create(['title' => "Imported {$run}"]);
    $client->courses->publish($course['id']);
    $stream = fopen('php://temp', 'w+b');
    fwrite($stream, $storedZip([
        'students.csv' => "external_id,email,name\nphpz-{$run}-1,phpz-{$run}-1@example.com,Ada\nphpz-{$run}-2,phpz-{$run}-2@example.com,Alan\n",
        'enrollments.csv' => "student_external_id,course_id\nphpz-{$run}-1,{$course['id']}\nphpz-{$run}-2,{$course['id']}\nphpz-{$run}-9,{$course['id']}\n",
    ]));
    rewind($stream);
    $report = $client->imports->create($stream, [], ['contentType' => 'application/zip', 'wait' => true, 'pollInterval' => 0.1]);
    fclose($stream);
    $t->same(['zip', 'succeeded_with_errors'], [$report['format'], $report['status']], json_encode($report));
    $t->same([4, 1], [$report['counts']['created'], $report['counts']['failed']]);
    $failed = iterator_to_array($client->imports->results($report['id'], ['status' => 'error']), false);
    $t->same([['enrollments.csv', 4, 'enrollment']], array_map(fn ($r) => [$r['file'], $r['line'], $r['type']], $failed));
    $t->same(2, count(iterator_to_array($client->enrollments->list(['course_id' => $course['id']]), false)));
});
